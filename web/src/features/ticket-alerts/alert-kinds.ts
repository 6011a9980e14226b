import { ITEM_ALERTS } from '@shared/alert-kinds';
import type { StaffEvent, StaffEventKind } from '@shared/schemas/staff-events';

/**
 * The staff events that alert the web console (a chosen few of the console's
 * notification kinds, shared/src/alert-kinds.ts): what they are called and
 * where they open.
 */
export const TICKET_ALERT_KINDS = [
  'enquiry.created',
  'service_request.created',
  'service_request.client_reply',
  'consultation.confirmed',
  // Addressed to one staff member: only their consoles hear these ("assigned to you").
  'service_request.assigned',
  'chat.assigned',
] as const satisfies readonly (StaffEventKind & keyof typeof ITEM_ALERTS)[];

type TicketAlertKind = (typeof TICKET_ALERT_KINDS)[number];
const isTicketAlertKind = (kind: StaffEventKind): kind is TicketAlertKind =>
  (TICKET_ALERT_KINDS as readonly StaffEventKind[]).includes(kind);

export function alertFor(event: StaffEvent): { title: string; path: string } | null {
  if (!isTicketAlertKind(event.kind)) return null;
  const alert = ITEM_ALERTS[event.kind];
  return { title: alert.title, path: alert.path(event.id) };
}
