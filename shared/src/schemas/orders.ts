import { z } from 'zod';
import type { Refund } from './refunds';
import { singleLine, uuid } from './text';

import { MAX_CART_LINES, MAX_QUANTITY } from '../cart';

export { MAX_CART_LINES, MAX_QUANTITY };
const DEFAULT_COUNTRY = 'United States';

function requiredLine(max: number, label: string, requiredMessage: string) {
  return singleLine(max, label).pipe(z.string().min(1, requiredMessage));
}

/** Spec §5 shipping rules and messages. */
export const shippingSchema = z
  .object({
    fullName: requiredLine(100, 'Full name', 'Full name is required'),
    address: requiredLine(200, 'Address', 'Address is required'),
    city: requiredLine(100, 'City', 'City is required'),
    state: requiredLine(100, 'State', 'State is required'),
    zipCode: singleLine(12, 'ZIP code')
      .pipe(z.string().min(5, 'Valid ZIP code is required'))
      .refine((value) => /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(value), 'Valid ZIP code is required'),
    country: requiredLine(100, 'Country', 'Country is required'),
  })
  .strict();
export type ShippingInput = z.input<typeof shippingSchema>;
export type Shipping = z.output<typeof shippingSchema>;

export const emptyShipping: ShippingInput = {
  fullName: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: DEFAULT_COUNTRY,
};

const quantity = z
  .number({ error: 'Quantity must be a whole number from 1 to 99' })
  .int('Quantity must be a whole number from 1 to 99')
  .min(1, 'Quantity must be a whole number from 1 to 99')
  .max(MAX_QUANTITY, 'Quantity must be a whole number from 1 to 99');

/**
 * POST /api/create-payment-intent for the shop. Only product ids and
 * quantities: every price and total is decided by the server.
 */
export const checkoutRequestSchema = z
  .object({
    items: z
      .array(z.object({ id: uuid, quantity }).strict())
      .min(1, 'Your cart is empty')
      .max(MAX_CART_LINES, `An order can have at most ${MAX_CART_LINES} different products`)
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Each product may appear only once'),
    shipping: shippingSchema,
    /**
     * The checkout attempt (a key the browser makes when the cart's checkout
     * starts): the same key again — a double click, a lost answer, shipping
     * edited — reuses the attempt's pending order instead of making another.
     */
    attemptKey: uuid.optional(),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const orderStatuses = [
  'pending',
  'paid',
  'payment_failed',
  'expired',
  'completed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** How a status reads, for clients and staff alike. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  expired: 'Expired',
  completed: 'Completed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** An order's readable number, e.g. NS-10427 (sequential; decision 101). */
export function formatOrderNumber(number: number | string): string {
  return `NS-${number}`;
}

/** What a shipped order tells its owner. */
export interface OrderFulfilment {
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
}

/** An order as its owner sees it in the list (spec §7: id, createdAt, totalAmount, status). */
export interface OrderSummary {
  id: string;
  /** NS-10427: what people say on the phone. */
  number: string;
  status: OrderStatus;
  createdAt: string;
  subtotalAmount: string;
  taxAmount: string;
  totalAmount: string;
  itemCount: number;
  /** Set once shipped (when staff gave them). */
  carrier: string | null;
  trackingNumber: string | null;
}

export interface OrderLine {
  /** The line's own id (refunds name lines by it). */
  orderItemId: string;
  productId: string;
  name: string;
  quantity: number;
  /** Unit price as charged. */
  price: string;
  lineTotal: string;
}

export interface OrderDetails extends Omit<OrderSummary, 'itemCount' | 'carrier' | 'trackingNumber'> {
  paidAt: string | null;
  /** The invoice's number once the order is paid ("2026-000123"); its PDF is GET /api/orders/{id}/invoice.pdf. */
  invoiceNumber?: string | null;
  /** Refunds of the order, oldest first (on the owner's order page). */
  refunds?: Refund[];
  /** What was refunded so far ("0.00" when nothing). */
  refundedAmount?: string;
  currency: string;
  shipping: Shipping;
  items: OrderLine[];
  fulfilment: OrderFulfilment;
}

/** The shop's answer: the order as written, and the secret the payment form confirms. */
export interface CheckoutResponse {
  clientSecret: string;
  order: OrderDetails;
}
