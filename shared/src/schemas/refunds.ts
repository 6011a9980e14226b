import { z } from 'zod';
import { MAX_CART_LINES, MAX_QUANTITY } from '../cart';
import { uuid } from './text';

/**
 * Refunds of paid orders (POST /api/admin/orders/{id}/refunds, staff).
 *
 *  pending   — asked of the payment provider, not confirmed yet (counts against what can be refunded)
 *  succeeded — the money is on its way back to the client
 *  failed    — the provider could not refund it (the reason is kept); it no longer counts
 *  canceled  — canceled at the provider; it no longer counts
 */
export const refundStatuses = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
  canceled: 'Canceled',
};

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** Either an amount in dollars ("25.00") or lines with quantities: exactly one. */
export const refundRequestSchema = z
  .object({
    amount: z
      .string({ error: 'Enter the amount in dollars as text, e.g. "25.00"' })
      .trim()
      .regex(AMOUNT, 'Enter the amount in dollars, e.g. "25.00"')
      .optional(),
    items: z
      .array(
        z
          .object({
            orderItemId: uuid,
            quantity: z
              .number({ error: `Quantity must be a whole number from 1 to ${MAX_QUANTITY}` })
              .int(`Quantity must be a whole number from 1 to ${MAX_QUANTITY}`)
              .min(1, `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`)
              .max(MAX_QUANTITY, `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`),
          })
          .strict(),
      )
      .min(1, 'Choose at least one line to refund')
      .max(MAX_CART_LINES, `An order has at most ${MAX_CART_LINES} lines`)
      .refine(
        (items) => new Set(items.map((i) => i.orderItemId)).size === items.length,
        'Each line may appear only once',
      )
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.amount === undefined) === (value.items === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: value.amount === undefined ? ['amount'] : ['items'],
        message: 'Send either amount or items, not both',
      });
    }
  });
export type RefundRequest = z.output<typeof refundRequestSchema>;

export interface RefundLine {
  orderItemId: string;
  quantity: number;
}

/** A refund as staff and the order's owner see it. */
export interface Refund {
  id: string;
  orderId: string;
  /** Decimal string, e.g. "25.00". */
  amount: string;
  status: RefundStatus;
  provider: 'stripe' | 'demo';
  /** The lines refunded, or null for a refund of an amount. */
  items: RefundLine[] | null;
  failureReason: string | null;
  /** Why the application refunded by itself (e.g. paid after the order was cancelled); null when staff asked. */
  reason: string | null;
  createdAt: string;
  succeededAt: string | null;
}

/** What was refunded of an order, and what can still be. */
export interface OrderRefunds {
  refunds: Refund[];
  /** Succeeded refunds. */
  refundedAmount: string;
  /** Paid, less succeeded and pending refunds. */
  refundableAmount: string;
  /** Per line: how many were refunded (succeeded or pending). */
  refundedQuantities: Record<string, number>;
}
