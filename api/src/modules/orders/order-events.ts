import type { Knex } from 'knex';
import type { OrderTimelineEntry } from '@shared/schemas/admin-orders';

/**
 * An order's timeline (decision 101). Every change to an order writes what
 * happened here in its own transaction: placed, paid, status changes (with the
 * staff member), emails queued, and what other modules add (refunds,
 * invoices). `type` is a short name (`placed`, `status_changed`, `email_sent`,
 * `refund_requested`, …); `data` carries its details, shown as they are.
 */
export interface NewOrderEvent {
  orderId: string;
  type: string;
  /** Who did it (a staff member, or the client); omit for the system (a payment, the expiry job). */
  actorId?: string | null;
  data?: Record<string, unknown>;
}

export async function recordOrderEvent(trx: Knex | Knex.Transaction, event: NewOrderEvent): Promise<void> {
  await trx('order_events').insert({
    orderId: event.orderId,
    type: event.type,
    actorId: event.actorId ?? null,
    data: JSON.stringify(event.data ?? {}),
    // The moment itself, not the transaction's start: events of one transaction keep their order.
    createdAt: trx.raw('clock_timestamp()'),
  });
}

interface EventRow {
  id: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
  actorId: string | null;
  actorUsername: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorAccountType: 'client' | 'staff' | null;
}

function toOrderTimelineEntry(row: EventRow): OrderTimelineEntry {
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ') || row.actorUsername;
  return {
    id: row.id,
    type: row.type,
    actor:
      row.actorId && name && row.actorAccountType ? { id: row.actorId, name, accountType: row.actorAccountType } : null,
    data: row.data,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** An order's timeline, oldest first. */
export async function listOrderEvents(db: Knex, orderId: string): Promise<OrderTimelineEntry[]> {
  const rows = await db('order_events as e')
    .leftJoin('users as u', 'u.id', 'e.actorId')
    .where('e.orderId', orderId)
    .orderBy([
      { column: 'e.createdAt', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ])
    .select<EventRow[]>(
      'e.id',
      'e.type',
      'e.data',
      'e.createdAt',
      'e.actorId',
      'u.username as actorUsername',
      'u.firstName as actorFirstName',
      'u.lastName as actorLastName',
      'u.accountType as actorAccountType',
    );
  return rows.map(toOrderTimelineEntry);
}
