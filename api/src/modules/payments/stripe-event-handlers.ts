import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Logger } from '../../logger';
import { applyPaymentOutcome, type PaymentFulfilments } from './payment-outcome';
import type { PaymentOutcome } from './payment-provider';

export interface StripeEventContext {
  /** The transaction that also records the event id: all or nothing. */
  trx: Knex.Transaction;
  logger: Logger;
  stripe: Stripe;
}

export type StripeEventType = Stripe.Event['type'];

/**
 * What one event type does. `prepare` checks the fields the handler reads of
 * the event's `data.object` (with its zod schema) before anything is
 * touched: a task to run inside the event's transaction, or zod's complaint
 * (the event is then refused, decision 077).
 */
export interface StripeEventHandler {
  prepare(
    object: unknown,
  ): { ok: true; run(context: StripeEventContext): Promise<void> } | { ok: false; error: z.ZodError };
}

/** A handler that reads `schema` of the event's object and nothing else. */
export function stripeEventHandler<S extends z.ZodType>(
  schema: S,
  handle: (object: z.output<S>, context: StripeEventContext) => Promise<void>,
): StripeEventHandler {
  return {
    prepare(object) {
      const parsed = schema.safeParse(object);
      if (!parsed.success) return { ok: false, error: parsed.error };
      return { ok: true, run: (context) => handle(parsed.data, context) };
    },
  };
}

/**
 * Handlers by event type. A domain that reacts to Stripe events offers its
 * own map; the composition (api/src/payment-wiring.ts) merges them into the
 * map the webhook uses.
 */
export type StripeEventHandlers = Partial<Record<StripeEventType, StripeEventHandler>>;

/** An expandable reference: the id, or the expanded object (which has one). */
export const stripeReference = z.union([z.string().min(1), z.object({ id: z.string().min(1) })]);

/** A time in Unix seconds, within what a Date (and PostgreSQL) can hold. */
export const stripeTimestamp = z.number().int().nonnegative().max(8_640_000_000_000);

/** What the webhook reads of a PaymentIntent (outcomeFromIntent). */
const stripePaymentIntentSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  amount_received: z.number().int().nonnegative().optional(),
  currency: z.string().min(1),
  metadata: z.record(z.string(), z.string()),
  last_payment_error: z.object({ message: z.string().optional() }).nullable().optional(),
});

/** A PaymentIntent from a webhook event, in provider-neutral terms. */
function outcomeFromIntent(
  intent: z.output<typeof stripePaymentIntentSchema>,
  status: PaymentOutcome['status'],
): PaymentOutcome {
  return {
    provider: 'stripe',
    paymentId: intent.id,
    status,
    amountCents: status === 'succeeded' ? intent.amount_received || intent.amount : intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/** One-time payments (PaymentIntents): settled through the fulfilment of their purpose. */
export function paymentIntentEventHandlers(fulfilments: PaymentFulfilments): StripeEventHandlers {
  const settle = (status: 'succeeded' | 'failed') =>
    stripeEventHandler(stripePaymentIntentSchema, (intent, { trx, logger }) =>
      applyPaymentOutcome(fulfilments, trx, outcomeFromIntent(intent, status), logger),
    );
  return {
    'payment_intent.succeeded': settle('succeeded'),
    'payment_intent.payment_failed': settle('failed'),
  };
}
