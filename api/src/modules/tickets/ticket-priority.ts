import type { Knex } from 'knex';
import type { Priority } from '@shared/schemas/support';

/**
 * Where a ticket's priority change is announced to whoever depends on it
 * (issue 26): the service-level clocks recompute a ticket's due times here.
 * A listener runs inside the transaction that changed the priority, after the
 * new value is stored and the ticket row is locked; if it throws, the change
 * is rolled back. Register once per process (e.g. from server.ts / app.ts);
 * the returned function removes the listener.
 */
export type TicketPriorityListener = (
  trx: Knex.Transaction,
  change: { requestId: string; from: Priority; to: Priority },
) => Promise<void>;

const listeners = new Set<TicketPriorityListener>();

export function onTicketPriorityChanged(listener: TicketPriorityListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the one place that changes a ticket's priority (ticket-changes.ts). */
export async function ticketPriorityChanged(
  trx: Knex.Transaction,
  change: { requestId: string; from: Priority; to: Priority },
): Promise<void> {
  for (const listener of listeners) await listener(trx, change);
}
