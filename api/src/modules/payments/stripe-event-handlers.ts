import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { subscriptionEventHandlers } from '../subscriptions/stripe-subscription-events';
import { applyPaymentOutcome } from './payment-outcome';
import { outcomeFromIntent } from './stripe-provider';

export interface StripeEventContext {
  /** The transaction that also records the event id: all or nothing. */
  trx: Knex.Transaction;
  logger: Logger;
  stripe: Stripe;
  /** Where staff alerts of fulfilled payments go. */
  mail: Pick<Config['mail'], 'staffAlertEmails'>;
}

export type StripeEventType = Stripe.Event['type'];
export type StripeEventOf<T extends StripeEventType> = Extract<Stripe.Event, { type: T }>;
export type StripeEventHandler<T extends StripeEventType> = (
  event: StripeEventOf<T>,
  context: StripeEventContext,
) => Promise<void>;

/** Handlers by event type; a domain adds its own map to `stripeEventHandlers`. */
export type StripeEventHandlers = { [T in StripeEventType]?: StripeEventHandler<T> };

/** One-time payments (shop orders and the consultation). */
export const paymentIntentEventHandlers: StripeEventHandlers = {
  'payment_intent.succeeded': (event, { trx, logger, mail }) =>
    applyPaymentOutcome(trx, outcomeFromIntent(event.data.object, 'succeeded'), { logger, mail }),
  'payment_intent.payment_failed': (event, { trx, logger, mail }) =>
    applyPaymentOutcome(trx, outcomeFromIntent(event.data.object, 'failed'), { logger, mail }),
};

/**
 * Every Stripe event type the application acts on. Types not listed are
 * acknowledged and recorded, nothing else. Make sure the webhook endpoint in
 * the Stripe dashboard sends the types listed here.
 */
export const stripeEventHandlers: StripeEventHandlers = {
  ...paymentIntentEventHandlers,
  ...subscriptionEventHandlers,
};
