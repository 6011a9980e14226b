import type { Knex } from 'knex';
import { formatTicketNumber } from '@shared/schemas/service-requests';

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
export async function serviceRequestsOfCustomer(
  db: Knex,
  userId: string,
  limit: number,
): Promise<CustomerRequestRow[]> {
  const rows = await db('service_requests')
    .where({ userId })
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .select<CustomerRequestRow[]>('id', db.raw('number::text as number'), 'service', 'status', 'createdAt');
  return rows.map((row) => ({ ...row, number: formatTicketNumber(row.number) }));
}
