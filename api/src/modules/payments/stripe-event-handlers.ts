import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { Logger } from '../../logger';
import { applyPaymentOutcome, type PaymentFulfilments } from './payment-outcome';
import { outcomeFromIntent } from './stripe-provider';

export interface StripeEventContext {
  /** The transaction that also records the event id: all or nothing. */
  trx: Knex.Transaction;
  logger: Logger;
  stripe: Stripe;
}

export type StripeEventType = Stripe.Event['type'];
type StripeEventOf<T extends StripeEventType> = Extract<Stripe.Event, { type: T }>;
export type StripeEventHandler<T extends StripeEventType> = (
  event: StripeEventOf<T>,
  context: StripeEventContext,
) => Promise<void>;

/**
 * Handlers by event type. A domain that reacts to Stripe events offers its
 * own map; the composition (api/src/payment-wiring.ts) merges them into the
 * map the webhook uses.
 */
export type StripeEventHandlers = { [T in StripeEventType]?: StripeEventHandler<T> };

/** One-time payments (PaymentIntents): settled through the fulfilment of their purpose. */
export function paymentIntentEventHandlers(fulfilments: PaymentFulfilments): StripeEventHandlers {
  return {
    'payment_intent.succeeded': (event, { trx, logger }) =>
      applyPaymentOutcome(fulfilments, trx, outcomeFromIntent(event.data.object, 'succeeded'), logger),
    'payment_intent.payment_failed': (event, { trx, logger }) =>
      applyPaymentOutcome(fulfilments, trx, outcomeFromIntent(event.data.object, 'failed'), logger),
  };
}
