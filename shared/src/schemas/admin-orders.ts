import { z } from 'zod';
import { calendarDate } from './dates';
import { orderStatuses, type OrderDetails, type OrderStatus } from './orders';
import { pageCursor } from './page-cursor';
import { singleLine } from './text';

/**
 * The staff side of orders: GET /api/admin/orders (list), GET and PATCH
 * /api/admin/orders/:id (decision 101).
 */

export const ADMIN_ORDERS_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_ORDERS_PAGE_SIZE_MAX = 100;

const statusMessage = `status must be one of ${orderStatuses.join(', ')}`;

/** GET /api/admin/orders?q=&status=&from=&to=&cursor=&limit= (dates are whole UTC days, both included). */
export const adminOrderListQuerySchema = z
  .object({
    /** Order number (NS-10427 or 10427), customer name or email: a part of it is enough. */
    q: singleLine(100, 'q').optional(),
    status: z.enum(orderStatuses, { error: statusMessage }).optional(),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    cursor: pageCursor.optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(ADMIN_ORDERS_PAGE_SIZE_MAX, `limit must be at most ${ADMIN_ORDERS_PAGE_SIZE_MAX}`)
      .default(ADMIN_ORDERS_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

export interface AdminOrderCustomer {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
}

export interface AdminOrderSummary {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  totalAmount: string;
  currency: string;
  itemCount: number;
  customer: AdminOrderCustomer;
  shippingName: string;
}

export interface AdminOrderPage {
  orders: AdminOrderSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Pass as `cursor` for the previous (newer) page; null on the first page. */
  prevCursor: string | null;
}

/** What happened to an order, oldest first. */
export interface OrderTimelineEntry {
  id: string;
  type: string;
  /** Who did it: a staff member (or the client); null for the system. */
  actor: { id: string; name: string; accountType: 'client' | 'staff' } | null;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface AdminOrderDetails extends OrderDetails {
  customer: AdminOrderCustomer;
  /** The order's payment; null for an order made from a quote (its deposit was paid on the quote, decision 201). */
  payment: { provider: 'stripe' | 'demo'; id: string | null } | null;
  /** The accepted quote the order was made from, with the deposit allocated to it and the balance due. */
  fromQuote: { id: string; number: string; depositPaid: string; balanceDue: string } | null;
  timeline: OrderTimelineEntry[];
  /** The statuses staff may move this order to now. */
  nextStatuses: OrderStatus[];
}

/** Fulfilment: which status may follow which (anything else is refused with 409). */
export const ORDER_TRANSITIONS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['cancelled'],
  payment_failed: ['cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
};

export function nextOrderStatuses(status: OrderStatus): OrderStatus[] {
  return [...(ORDER_TRANSITIONS[status] ?? [])];
}

/** PATCH /api/admin/orders/:id */
export const adminOrderUpdateSchema = z
  .object({
    status: z.enum(orderStatuses, { error: statusMessage }),
    carrier: singleLine(60, 'carrier').optional(),
    trackingNumber: singleLine(100, 'trackingNumber')
      .refine(
        (value) => /^[A-Za-z0-9 -]*$/.test(value),
        'trackingNumber may contain only letters, digits, spaces and -',
      )
      .optional(),
  })
  .strict()
  .refine((body) => body.status === 'shipped' || (body.carrier === undefined && body.trackingNumber === undefined), {
    message: 'carrier and trackingNumber are only for status shipped',
    path: ['carrier'],
  });
export type AdminOrderUpdate = z.output<typeof adminOrderUpdateSchema>;
