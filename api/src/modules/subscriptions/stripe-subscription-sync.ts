import type { Knex } from 'knex';
import Stripe from 'stripe';
import { z } from 'zod';
import { providerSubscriptionStatuses, type ProviderSubscriptionStatus } from '@shared/schemas/subscriptions';
import type { Logger } from '../../logger';
import { stripeReference, stripeTimestamp } from '../payments/stripe-event-handlers';
import { User } from '../users/user.model';
import { ProviderFailure } from './subscription-provider';
import { applySubscriptionSnapshot, planIdFor, type SubscriptionSnapshot } from './subscription-state';

/** The id of an expandable Stripe field (an id, or the expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Runs a Stripe API call; Stripe's errors (network, outage, refusal) become a ProviderFailure. */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new ProviderFailure(err);
    throw err;
  }
}

/** Stripe answered that the object does not exist. */
export function isMissing(err: unknown): boolean {
  const cause = err instanceof ProviderFailure ? err.cause : err;
  return cause instanceof Stripe.errors.StripeError && (cause.code === 'resource_missing' || cause.statusCode === 404);
}

const optionalTime = stripeTimestamp.nullable().optional();

/**
 * What applying a subscription reads of it. A Stripe.Subscription from the
 * API has all of it; a deleted event's copy, which may stand in for it, is
 * checked against this before anything is touched (decision 077).
 */
export const stripeSubscriptionSchema = z.object({
  id: z.string().min(1),
  customer: stripeReference,
  status: z.string().min(1),
  metadata: z.record(z.string(), z.string()).optional(),
  items: z
    .object({
      data: z.array(
        z.object({
          price: z
            .object({ id: z.string().min(1) })
            .nullable()
            .optional(),
          current_period_start: stripeTimestamp.optional(),
          current_period_end: stripeTimestamp.optional(),
        }),
      ),
    })
    .optional(),
  cancel_at_period_end: z.boolean(),
  cancel_at: optionalTime,
  canceled_at: optionalTime,
  ended_at: optionalTime,
  latest_invoice: stripeReference.nullable().optional(),
  created: stripeTimestamp,
});
type StripeSubscriptionFields = z.output<typeof stripeSubscriptionSchema>;

function isKnownStatus(
  subscription: StripeSubscriptionFields,
): subscription is StripeSubscriptionFields & { status: ProviderSubscriptionStatus } {
  return (providerSubscriptionStatuses as readonly string[]).includes(subscription.status);
}

const toDate = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * A Stripe subscription in provider-neutral terms. The current period lives on
 * the subscription items in current API versions; with several items the
 * subscription renews at the earliest of their period ends.
 */
async function snapshotFromStripe(
  trx: Knex.Transaction,
  subscription: StripeSubscriptionFields & { status: ProviderSubscriptionStatus },
  userId: string,
): Promise<SubscriptionSnapshot> {
  const items = subscription.items?.data ?? [];
  const priceId = items[0]?.price?.id ?? null;
  const ends = items.map((item) => item.current_period_end).filter((value) => typeof value === 'number');
  const starts = items.map((item) => item.current_period_start).filter((value) => typeof value === 'number');
  return {
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    userId,
    planId: await planIdFor(trx, priceId, subscription.metadata?.plan_id),
    providerPriceId: priceId,
    status: subscription.status,
    currentPeriodStart: starts.length > 0 ? toDate(Math.max(...starts)) : null,
    currentPeriodEnd: ends.length > 0 ? toDate(Math.min(...ends)) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: toDate(subscription.cancel_at),
    canceledAt: toDate(subscription.canceled_at),
    endedAt: toDate(subscription.ended_at),
    latestInvoiceId: idOf(subscription.latest_invoice),
    providerCreatedAt: new Date(subscription.created * 1000),
  };
}

/**
 * Applies a subscription Stripe just returned, if it is ours: its customer is
 * the user's and its metadata names the user. Returns the snapshot applied,
 * or null for a subscription this application did not create.
 */
export async function applyStripeSubscription(
  trx: Knex.Transaction,
  subscription: StripeSubscriptionFields,
  user: User,
  logger: Logger,
): Promise<SubscriptionSnapshot | null> {
  if (idOf(subscription.customer) !== user.stripeCustomerId || subscription.metadata?.user_id !== user.id) {
    logger.info({ subscriptionId: subscription.id, userId: user.id }, 'subscription not created here; ignored');
    return null;
  }
  if (!isKnownStatus(subscription)) {
    logger.error({ subscriptionId: subscription.id, status: subscription.status }, 'unknown subscription status');
    return null;
  }
  const snapshot = await snapshotFromStripe(trx, subscription, user.id);
  await applySubscriptionSnapshot(trx, snapshot, logger);
  return snapshot;
}

export interface StripeSubscriptionRef {
  subscriptionId: string;
  customerId: string | null;
}

/**
 * Brings one subscription up to date from Stripe, whatever event reported it
 * and in whatever order events arrive: the customer's user row is locked, then
 * the subscription is read again from Stripe and that state is applied. A
 * stale or replayed event therefore never moves the state backwards. A
 * subscription Stripe no longer has falls back to the event's copy (deleted).
 * Unknown customers and subscriptions not created here are ignored.
 */
export async function syncStripeSubscription(
  trx: Knex.Transaction,
  stripe: Stripe,
  ref: StripeSubscriptionRef,
  logger: Logger,
  fallback?: StripeSubscriptionFields,
): Promise<'applied' | 'ignored'> {
  const user = ref.customerId
    ? await User.query(trx).findOne({ stripeCustomerId: ref.customerId }).forUpdate()
    : undefined;
  if (!user) {
    logger.info({ ...ref }, 'subscription of a customer we do not know; ignored');
    return 'ignored';
  }
  let subscription: StripeSubscriptionFields;
  try {
    subscription = await stripeCall(() => stripe.subscriptions.retrieve(ref.subscriptionId));
  } catch (err) {
    if (!isMissing(err)) throw err;
    if (!fallback) {
      logger.warn({ ...ref }, 'subscription no longer exists at Stripe; ignored');
      return 'ignored';
    }
    subscription = fallback;
  }
  return (await applyStripeSubscription(trx, subscription, user, logger)) ? 'applied' : 'ignored';
}
