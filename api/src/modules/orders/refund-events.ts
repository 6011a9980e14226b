import type Stripe from 'stripe';
import { z } from 'zod';
import {
  stripeEventHandler,
  stripeReference,
  type StripeEventContext,
  type StripeEventHandlers,
} from '../payments/stripe-event-handlers';
import { refundStatusOf } from '../payments/stripe-provider';
import { applyRefundReport } from './refunds';

/** What the webhook reads of a Refund. */
const stripeRefundSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().positive(),
  status: z.string().nullable(),
  payment_intent: stripeReference.nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  failure_reason: z.string().nullable().optional(),
});

/** What the webhook reads of a Charge in `charge.refunded` (its refunds are listed only in older API versions). */
const stripeChargeSchema = z.object({
  id: z.string().min(1),
  payment_intent: stripeReference.nullable().optional(),
  refunds: z
    .object({ data: z.array(stripeRefundSchema), has_more: z.boolean().optional() })
    .nullable()
    .optional(),
});

const idOf = (reference: z.output<typeof stripeReference> | null | undefined) =>
  reference ? (typeof reference === 'string' ? reference : reference.id) : null;

function applyRefund(refund: z.output<typeof stripeRefundSchema>, { trx, logger }: StripeEventContext) {
  return applyRefundReport(
    trx,
    {
      provider: 'stripe',
      providerRefundId: refund.id,
      paymentId: idOf(refund.payment_intent),
      amountCents: refund.amount,
      status: refundStatusOf(refund.status),
      metadata: { ...(refund.metadata ?? {}) },
      failureReason: refund.failure_reason ?? null,
    },
    logger,
  );
}

/**
 * Stripe's refund events, the source of truth for refunds (decision 107):
 * `refund.created`, `refund.updated`, `refund.failed` carry the refund;
 * `charge.refunded` carries the charge, whose refunds are read from the event
 * when listed and otherwise asked of Stripe. Each refund is applied
 * idempotently, whichever event reports it first.
 */
export const refundEventHandlers: StripeEventHandlers = {
  'refund.created': stripeEventHandler(stripeRefundSchema, applyRefund),
  'refund.updated': stripeEventHandler(stripeRefundSchema, applyRefund),
  'refund.failed': stripeEventHandler(stripeRefundSchema, applyRefund),
  'charge.refunded': stripeEventHandler(stripeChargeSchema, async (charge, context) => {
    let refunds = charge.refunds && !charge.refunds.has_more ? charge.refunds.data : null;
    if (!refunds) {
      const listed: Stripe.Refund[] = [];
      for await (const refund of context.stripe.refunds.list({ charge: charge.id, limit: 100 })) listed.push(refund);
      refunds = listed.map((refund) => stripeRefundSchema.parse(refund));
    }
    for (const refund of refunds) await applyRefund(refund, context);
  }),
};
