import type { Knex } from 'knex';

/** One of a customer's service requests, as the staff customer page lists it. */
export interface CustomerRequestRow {
  id: string;
  service: string;
  status: string;
  createdAt: Date;
}

/** A customer's latest service requests, newest first (the staff customer page, decision 103). */
export function serviceRequestsOfCustomer(db: Knex, userId: string, limit: number): Promise<CustomerRequestRow[]> {
  return db('service_requests')
    .where({ userId })
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .select<CustomerRequestRow[]>('id', 'service', 'status', 'createdAt');
}
