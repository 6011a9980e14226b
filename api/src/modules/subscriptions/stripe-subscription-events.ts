import type Stripe from 'stripe';
import { ServiceUnavailable } from '../../errors';
import type { StripeEventContext, StripeEventHandlers } from '../payments/stripe-event-handlers';
import { idOf, syncStripeSubscription, type StripeSubscriptionRef } from './stripe-subscription-sync';
import { ProviderFailure } from './subscription-provider';

/**
 * Re-reads the subscription from Stripe and applies it (see
 * syncStripeSubscription). If Stripe cannot be reached the event fails with
 * 503: nothing is recorded and Stripe delivers it again later.
 */
async function sync(
  ref: StripeSubscriptionRef,
  { trx, stripe, logger }: StripeEventContext,
  fallback?: Stripe.Subscription,
): Promise<void> {
  try {
    await syncStripeSubscription(trx, stripe, ref, logger, fallback);
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    logger.warn({ err: err.cause, ...ref }, 'Stripe unavailable while syncing a subscription; Stripe will retry');
    throw new ServiceUnavailable('Stripe could not be reached; please retry the event.');
  }
}

function fromSubscription(subscription: Stripe.Subscription): StripeSubscriptionRef {
  return { subscriptionId: subscription.id, customerId: idOf(subscription.customer) };
}

/** The subscription an invoice bills (in current API versions under `parent.subscription_details`). */
async function fromInvoice(invoice: Stripe.Invoice, context: StripeEventContext): Promise<void> {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return;
  await sync({ subscriptionId, customerId: idOf(invoice.customer) }, context);
}

/**
 * Subscription events. Whatever the event says, the subscription is read
 * again from Stripe, so duplicates, stale and out-of-order events all end in
 * Stripe's current state. Register these types on the webhook endpoint.
 */
export const subscriptionEventHandlers: StripeEventHandlers = {
  'customer.subscription.created': (event, context) => sync(fromSubscription(event.data.object), context),
  'customer.subscription.updated': (event, context) => sync(fromSubscription(event.data.object), context),
  // A deleted (ended) subscription stays readable at Stripe; the event's copy is used if it is not.
  'customer.subscription.deleted': (event, context) =>
    sync(fromSubscription(event.data.object), context, event.data.object),
  'invoice.paid': (event, context) => fromInvoice(event.data.object, context),
  'invoice.payment_failed': (event, context) => fromInvoice(event.data.object, context),
};
