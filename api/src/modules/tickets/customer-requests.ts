import type { Knex } from 'knex';
import { formatTicketNumber } from '@shared/schemas/tickets';

/** One of a customer's service requests, as the staff customer page lists it. */
export interface CustomerRequestRow {
  id: string;
  /** e.g. T-10001 (decision 181). */
  number: string;
  service: string;
  status: string;
  createdAt: Date;
}

/** A customer's latest service requests, newest first (the staff customer page, decision 103). */
export async function ticketsOfCustomer(db: Knex, userId: string, limit: number): Promise<CustomerRequestRow[]> {
  const rows = await db('tickets')
    .where({ userId })
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .select<CustomerRequestRow[]>('id', db.raw('number::text as number'), 'service', 'status', 'createdAt');
  return rows.map((row) => ({ ...row, number: formatTicketNumber(row.number) }));
}

/** Who a ticket is for and its number (a canned reply's variables); undefined when there is no such ticket. */
export async function ticketContact(
  db: Knex,
  id: string,
): Promise<{ number: string; name: string; userId: string | null } | undefined> {
  const row = await db('tickets')
    .where({ id })
    .first<{ number: string; name: string; userId: string | null } | undefined>(
      db.raw('number::text as number'),
      'name',
      'userId',
    );
  return row ? { ...row, number: formatTicketNumber(row.number) } : undefined;
}
