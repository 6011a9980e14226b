import { serviceOptions } from '@shared/contact';
import { CONSULTATION_DESCRIPTION } from '@shared/payments';
import { readPageCursor } from '@shared/schemas/page-cursor';
import { ticketStatuses, ticketSlaFilters } from '@shared/schemas/tickets';
import { isCalendarDate } from '@shared/schemas/dates';
import { priorities } from '@shared/schemas/support';
import { isUuid } from '@shared/schemas/text';
import type { TicketListRequest } from '../api/staff-tickets';

/** The Service filter's choices: the contact form's services and the paid consultation's. */
export const ticketServiceFilterOptions = [...serviceOptions, CONSULTATION_DESCRIPTION] as const;

const dateParam = (value: string | null) => (value && isCalendarDate(value) ? value : null);

/**
 * The tickets list as the URL asks for it
 * (/admin/service-requests?q=&status=&service=&priority=&assigneeId=&clientId=&sort=&from=&to=&sla=&cursor=&id=).
 * The URL can be edited by hand: a value the list cannot ask for is read as no filter, never sent to the API.
 */
export function readTicketListParams(params: URLSearchParams): TicketListRequest & { selectedId: string | null } {
  const assignee = params.get('assigneeId');
  const client = params.get('clientId');
  const cursor = params.get('cursor');
  return {
    q: params.get('q') ?? '',
    status: ticketStatuses.find((value) => value === params.get('status')) ?? null,
    service: ticketServiceFilterOptions.find((option) => option === params.get('service')) ?? null,
    priority: priorities.find((value) => value === params.get('priority')) ?? null,
    sort: params.get('sort') === 'priority' ? 'priority' : null,
    assigneeId: assignee === 'none' || isUuid(assignee) ? assignee : null,
    clientId: isUuid(client) ? client : null,
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
    sla: ticketSlaFilters.find((value) => value === params.get('sla')) ?? null,
    cursor: cursor && (readPageCursor(cursor) || /^[0-3]_[A-Za-z0-9_-]+$/.test(cursor)) ? cursor : null,
    selectedId: params.get('id'),
  };
}
