import type { Knex } from 'knex';
import type { OrderStatus } from '@shared/schemas/orders';

/** One of a customer's orders, as the staff customer page lists it. */
export interface CustomerOrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  totalAmount: string;
  createdAt: Date;
}

/** A customer's latest orders, newest first (the staff customer page, decision 103). */
export function ordersOfCustomer(db: Knex, userId: string, limit: number): Promise<CustomerOrderRow[]> {
  return db('orders')
    .where({ userId })
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .select<CustomerOrderRow[]>('id', 'number', 'status', 'totalAmount', 'createdAt');
}
