import type { Knex } from 'knex';
import type { TicketEvent } from '@shared/schemas/service-requests';

/**
 * What staff consoles are told when tickets change, on every instance: sent
 * with PostgreSQL NOTIFY inside the transaction that made the change, so it
 * arrives only once committed. It carries ids and kinds, never the text of a
 * reply or note (consoles read the ticket), and only staff sockets receive it.
 */
export const TICKETS_CHANNEL = 'northstar_tickets';

export type TicketAnnouncement =
  | { kind: 'service_request.created'; requestId: string; paid?: boolean }
  | { kind: 'service_request.updated' | 'service_request.client_reply'; requestId: string; event: TicketEvent }
  | { kind: 'consultation.confirmed' | 'consultation.proposed'; requestId: string }
  | { kind: 'enquiry.created' | 'enquiry.updated'; enquiryId: string };

export async function announceTicket(db: Knex | Knex.Transaction, announcement: TicketAnnouncement): Promise<void> {
  const payload =
    'event' in announcement
      ? { kind: announcement.kind, requestId: announcement.requestId, eventKind: announcement.event.kind }
      : announcement;
  await db.raw('select pg_notify(?, ?)', [TICKETS_CHANNEL, JSON.stringify(payload)]);
}
