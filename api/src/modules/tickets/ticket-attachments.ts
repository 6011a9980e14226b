import type { Knex } from 'knex';
import type { Attachment } from '@shared/schemas/attachments';
import type { TicketEvent } from '@shared/schemas/tickets';
import { attachmentsOf } from '../attachments/attachment-store';
import type { User } from '../users/user.model';
import { CLIENT_EVENT_KINDS } from './ticket-rows';

/** The owner type of files attached to a ticket's reply or internal note. */
export const TICKET_EVENT_OWNER = 'ticket_event';

/**
 * Who may download a file of a ticket's reply or note: staff whose role works
 * on tickets; the ticket's own client, for the entries of the timeline they
 * see (never an internal note's). Everyone else: no (the download answers 404).
 */
export async function ticketEventAttachmentAccess(db: Knex, user: User | null, eventId: string): Promise<boolean> {
  if (!user) return false;
  if (user.isStaff) return user.may('service_requests.work');
  const row = await db('ticket_events as e')
    .join('tickets as sr', 'sr.id', 'e.ticketId')
    .where({ 'e.id': eventId, 'sr.userId': user.id })
    .whereIn('e.kind', [...CLIENT_EVENT_KINDS])
    .first('e.id');
  return Boolean(row);
}

/** The timeline's entries, each with its files (none for most). */
export async function withAttachments(db: Knex | Knex.Transaction, events: TicketEvent[]): Promise<TicketEvent[]> {
  const replies = events.filter((event) => event.kind === 'reply' || event.kind === 'note');
  const files = await attachmentsOf(
    db,
    TICKET_EVENT_OWNER,
    replies.map((event) => event.id),
  );
  return events.map((event) => ({ ...event, attachments: files.get(event.id) ?? ([] as Attachment[]) }));
}
