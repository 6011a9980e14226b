import type { Knex } from 'knex';
import type { TicketStatus, TicketEvent, TicketEventKind } from '@shared/schemas/tickets';
import type { Priority } from '@shared/schemas/support';
import type { User } from '../users/user.model';
import { toTicketEvent, type TicketEventRow } from './ticket-rows';

export type TicketActor =
  | { type: 'staff' | 'client'; user: User }
  | { type: 'system'; name: string }
  /** A client without an account, or writing from outside it: an emailed reply (inbound-email). */
  | { type: 'client'; user: null; name: string };

interface NewTicketEvent {
  kind: TicketEventKind;
  message?: string | null;
  fromStatus?: TicketStatus;
  toStatus?: TicketStatus;
  assignee?: { id: string; name: string } | null;
  /** A `priority` entry's new priority. */
  priority?: Priority;
  /** The received message a reply came in (inbound-email), and its sender when not the address mailed. */
  inboundEmailId?: string | null;
  differentAddress?: string | null;
}

/**
 * Records one entry of a ticket's timeline with who did it and when, in the
 * caller's transaction, and marks the ticket changed. Every change to a ticket
 * goes through here.
 */
export async function recordTicketEvent(
  trx: Knex.Transaction,
  requestId: string,
  actor: TicketActor,
  event: NewTicketEvent,
): Promise<TicketEvent> {
  const [row] = (await trx('ticket_events')
    .insert({
      ticketId: requestId,
      kind: event.kind,
      actorId: actor.type === 'system' || !actor.user ? null : actor.user.id,
      actorType: actor.type,
      actorName: actor.type === 'system' || !actor.user ? actor.name : actor.user.displayName,
      inboundEmailId: event.inboundEmailId ?? null,
      differentAddress: event.differentAddress ?? null,
      message: event.message ?? null,
      fromStatus: event.fromStatus ?? null,
      toStatus: event.toStatus ?? null,
      assigneeId: event.assignee?.id ?? null,
      assigneeName: event.assignee?.name ?? null,
      priority: event.priority ?? null,
      // The moment of the change itself, not of the transaction's start: a change that waited for another's row
      // lock comes after it in the timeline.
      createdAt: trx.raw('clock_timestamp()'),
    })
    .returning('*')) as TicketEventRow[];
  await trx('tickets')
    .where({ id: requestId })
    .update({ updatedAt: trx.raw('clock_timestamp()') });
  return toTicketEvent(row!);
}
