import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TICKET_STATUS_LABELS, ticketStatuses } from '@shared/schemas/tickets';
import { useStaffEvents } from '@/lib/live/staff-events';
import {
  ConsoleList,
  ListFilters,
  newestOlderPager,
  SearchField,
  SelectFilter,
  useListParams,
} from '@/components/console/console-list';
import { AssignmentViews, assigneeOf, PriorityBadge, priorityOptions, viewOf } from '@/components/console/assignment';
import { Badge } from '@/components/ui/badge';
import { useStaffUserId } from '@/lib/staff-role';
import { Button } from '@/components/ui/button';
import { staffTicketsQueryKey, useStaffMembers, useTicketList } from '../api/staff-tickets';
import { SlaBadge } from './sla-badge';
import { StatusBadge } from './status-badge';
import { readTicketListParams, ticketServiceFilterOptions } from './ticket-list-params';
import { TicketPage } from './ticket-page';
import { formatDateTime } from '@/lib/format';

/**
 * Service requests as tickets (/admin/service-requests): Mine / Unassigned /
 * All, filters (status, service, priority, assignee, client; creation days and
 * SLA state from a report's bar), search, newest or most urgent first, keyset
 * pages, and the open ticket beside
 * the list; all in the URL. New requests and changes appear live.
 */
export function TicketsScreen() {
  const [params, navigate] = useListParams();
  const { q, status, service, priority, sort, assigneeId, clientId, from, to, sla, cursor, selectedId } =
    readTicketListParams(params);
  const [search, setSearch] = useState(q);
  const me = useStaffUserId();
  const list = useTicketList({ q, status, service, priority, sort, assigneeId, clientId, from, to, sla, cursor });
  const staff = useStaffMembers();
  const queryClient = useQueryClient();
  useStaffEvents(
    [
      'service_request.created',
      'service_request.updated',
      'service_request.client_reply',
      'consultation.confirmed',
      'service_request.sla_at_risk',
      'service_request.sla_breached',
      'service_request.assigned',
    ],
    () => void queryClient.invalidateQueries({ queryKey: staffTicketsQueryKey }),
  );

  return (
    <ConsoleList
      title="Service Requests"
      intro="Requests, paid consultations and chats turned into tickets."
      filters={
        <ListFilters
          label="Service requests"
          submitLabel="Search"
          onSubmit={() => navigate({ q: search.trim() || null, cursor: null })}
        >
          <AssignmentViews
            label="Whose requests"
            className="self-end"
            value={viewOf(assigneeId, me)}
            onChange={(view) => navigate({ assigneeId: assigneeOf(view, me), cursor: null })}
          />
          <SearchField value={search} onChange={setSearch} placeholder="T-10001, name, email, words…" />
          <SelectFilter
            label="Status"
            value={status ?? ''}
            onChange={(value) => navigate({ status: value, cursor: null })}
            all="All statuses"
            options={ticketStatuses.map((value) => ({ value, label: TICKET_STATUS_LABELS[value] }))}
          />
          <SelectFilter
            label="Service"
            value={service ?? ''}
            onChange={(value) => navigate({ service: value, cursor: null })}
            all="All services"
            options={ticketServiceFilterOptions}
          />
          <SelectFilter
            label="Priority"
            value={priority ?? ''}
            onChange={(value) => navigate({ priority: value, cursor: null })}
            all="Any priority"
            options={priorityOptions}
          />
          <SelectFilter
            label="Sort"
            value={sort ?? ''}
            onChange={(value) => navigate({ sort: value, cursor: null })}
            all="Newest first"
            options={[{ value: 'priority', label: 'Most urgent first' }]}
          />
          <SelectFilter
            label="Assignee"
            value={assigneeId ?? ''}
            onChange={(value) => navigate({ assigneeId: value, cursor: null })}
            all="Anyone"
            options={[
              { value: 'none', label: 'Unassigned' },
              ...(staff.data ?? []).map((person) => ({ value: person.id, label: person.name })),
            ]}
          />
          <SelectFilter
            label="Service level"
            value={sla ?? ''}
            onChange={(value) => navigate({ sla: value, cursor: null })}
            all="Any service level"
            options={[
              { value: 'at_risk', label: 'At risk' },
              { value: 'breached', label: 'Breached (open)' },
            ]}
          />
          {clientId ? (
            <Button type="button" variant="ghost" onClick={() => navigate({ clientId: null, cursor: null })}>
              All clients
            </Button>
          ) : null}
          {from || to || sla ? (
            // Set by a report's bar: the tickets behind it, until cleared.
            <Button
              type="button"
              variant="ghost"
              onClick={() => navigate({ from: null, to: null, sla: null, cursor: null })}
            >
              {[
                from || to ? `Created ${from ?? '…'} to ${to ?? '…'}` : null,
                sla ? `SLA ${sla === 'breached' ? 'breached' : 'at risk'}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}{' '}
              ✕<span className="sr-only"> (clear)</span>
            </Button>
          ) : null}
        </ListFilters>
      }
      query={list}
      items={(page) => page.requests}
      texts={{
        loading: 'Loading service requests',
        error: 'The service requests could not be loaded.',
        empty: 'No service requests match.',
      }}
      pager={(page) => newestOlderPager(navigate, cursor, page.nextCursor)}
      view={{
        kind: 'inbox',
        label: 'Service requests',
        wide: 'lg',
        selectedId,
        onSelect: (id) => navigate({ id }),
        onClose: () => navigate({ id: null }),
        detail: selectedId ? <TicketPage key={selectedId} id={selectedId} /> : null,
        placeholder: 'Choose a request to work on it.',
        item: (ticket) => (
          <>
            <span className="flex items-center justify-between gap-2">
              <span className="text-sm font-semibold text-slate-900">{ticket.name}</span>
              <span className="flex items-center gap-1">
                <PriorityBadge priority={ticket.priority} quiet />
                <StatusBadge status={ticket.status} />
              </span>
            </span>
            <span className="flex items-center gap-2 text-xs text-slate-600">
              <span className="font-semibold">{ticket.number}</span> {ticket.service}
              {ticket.paid ? <Badge variant="success">Paid</Badge> : null}
            </span>
            <span className="text-xs text-slate-600">
              {ticket.assignee ? `Assigned to ${ticket.assignee.name}` : 'Unassigned'} ·{' '}
              {formatDateTime(ticket.updatedAt)}
            </span>
            <SlaBadge ticket={ticket} />
          </>
        ),
      }}
    />
  );
}
