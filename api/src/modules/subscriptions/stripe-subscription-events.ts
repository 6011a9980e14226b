import { z } from 'zod';
import { ServiceUnavailable } from '../../errors';
import {
  stripeEventHandler,
  stripeReference,
  type StripeEventContext,
  type StripeEventHandlers,
} from '../payments/stripe-event-handlers';
import {
  idOf,
  stripeSubscriptionSchema,
  syncStripeSubscription,
  type StripeSubscriptionRef,
} from './stripe-subscription-sync';
import { ProviderFailure } from './subscription-provider';

/**
 * Re-reads the subscription from Stripe and applies it (see
 * syncStripeSubscription). If Stripe cannot be reached the event fails with
 * 503: nothing is recorded and Stripe delivers it again later.
 */
async function sync(
  ref: StripeSubscriptionRef,
  { trx, stripe, logger }: StripeEventContext,
  fallback?: z.output<typeof stripeSubscriptionSchema>,
): Promise<void> {
  try {
    await syncStripeSubscription(trx, stripe, ref, logger, fallback);
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    logger.warn({ err: err.cause, ...ref }, 'Stripe unavailable while syncing a subscription; Stripe will retry');
    throw new ServiceUnavailable('Stripe could not be reached; please retry the event.');
  }
}

/** What a subscription event is read for: which subscription, of which customer. */
const subscriptionRefSchema = z.object({ id: z.string().min(1), customer: stripeReference });

const fromSubscription = (subscription: z.output<typeof subscriptionRefSchema>): StripeSubscriptionRef => ({
  subscriptionId: subscription.id,
  customerId: idOf(subscription.customer),
});

/** The subscription an invoice bills (in current API versions under `parent.subscription_details`), if any. */
const invoiceSchema = z.object({
  customer: stripeReference.nullable().optional(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: stripeReference.nullable().optional() }).nullable().optional(),
    })
    .nullable()
    .optional(),
});

const fromInvoice = stripeEventHandler(invoiceSchema, async (invoice, context) => {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return;
  await sync({ subscriptionId, customerId: idOf(invoice.customer) }, context);
});

const onSubscription = stripeEventHandler(subscriptionRefSchema, (subscription, context) =>
  sync(fromSubscription(subscription), context),
);

/**
 * Subscription events. Whatever the event says, the subscription is read
 * again from Stripe, so duplicates, stale and out-of-order events all end in
 * Stripe's current state. Register these types on the webhook endpoint.
 */
export const subscriptionEventHandlers: StripeEventHandlers = {
  'customer.subscription.created': onSubscription,
  'customer.subscription.updated': onSubscription,
  // A deleted (ended) subscription stays readable at Stripe; the event's copy is used if it is not.
  'customer.subscription.deleted': stripeEventHandler(stripeSubscriptionSchema, (subscription, context) =>
    sync(fromSubscription(subscription), context, subscription),
  ),
  'invoice.paid': fromInvoice,
  'invoice.payment_failed': fromInvoice,
};
