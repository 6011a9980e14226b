import type { Knex } from 'knex';
import {
  isLiveStatus,
  liveSubscriptionStatuses,
  NO_SUBSCRIPTION,
  type ProviderSubscriptionStatus,
  type SubscriptionStatusResponse,
} from '@shared/schemas/subscriptions';
import { uuid } from '@shared/schemas/text';
import type { Logger } from '../../logger';
import { User } from '../users/user.model';
import { queueSubscriptionMails } from './subscription-mails';
import { SubscriptionPlan } from './subscription-plan.model';
import { Subscription } from './subscription.model';

export type SubscriptionProviderName = 'stripe' | 'demo';

/**
 * Stripe expires a subscription whose first invoice stays unpaid for 23 hours;
 * the demo provider does the same.
 */
export const INCOMPLETE_WINDOW_MS = 23 * 60 * 60 * 1000;

/** A subscription's state as its provider reports it, in provider-neutral terms. */
export interface SubscriptionSnapshot {
  provider: SubscriptionProviderName;
  providerSubscriptionId: string;
  userId: string;
  planId: string | null;
  providerPriceId: string | null;
  status: ProviderSubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  latestInvoiceId: string | null;
  providerCreatedAt: Date;
}

/** Stripe never brings a subscription back from these. */
const TERMINAL: ReadonlySet<ProviderSubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

export function isTerminalStatus(status: ProviderSubscriptionStatus): boolean {
  return TERMINAL.has(status);
}

/**
 * Every change to a user's subscriptions takes the user's row lock first
 * (subscribe, cancel, webhooks, demo payments and renewals), so changes for
 * one user happen one at a time and in one lock order.
 */
export async function lockUser(trx: Knex.Transaction, userId: string): Promise<User | undefined> {
  return User.query(trx).findById(userId).forUpdate();
}

/**
 * What must follow a client's plan (the service-level clocks, decision 192), registered by the composition
 * (app.ts) so this module imports none of them. A listener runs inside the transaction that applied the change,
 * under the user's row lock; if it throws, the change is rolled back.
 */
export type ClientPlanListener = (trx: Knex.Transaction, userId: string) => Promise<void>;
const planListeners = new Set<ClientPlanListener>();

export function onClientPlanChanged(listener: ClientPlanListener): () => void {
  planListeners.add(listener);
  return () => planListeners.delete(listener);
}

/**
 * The one place a subscription's state is written, whoever reports it: the
 * Stripe webhook and Stripe API answers (after mapping), and the demo
 * provider's payments, cancellations and renewals. Then the spec's columns on
 * the user (stripeSubscriptionId, subscriptionStatus, subscriptionPlan) are
 * recomputed from the user's current subscription.
 */
export async function applySubscriptionSnapshot(
  trx: Knex.Transaction,
  snapshot: SubscriptionSnapshot,
  logger: Logger,
): Promise<void> {
  await lockUser(trx, snapshot.userId);
  const context = { subscriptionId: snapshot.providerSubscriptionId, userId: snapshot.userId };
  const existing = await Subscription.query(trx)
    .findOne({ providerSubscriptionId: snapshot.providerSubscriptionId })
    .forUpdate();
  if (existing && existing.userId !== snapshot.userId) {
    logger.error({ ...context, owner: existing.userId }, 'subscription reported for another user; ignored');
    return;
  }
  if (existing && isTerminalStatus(existing.status) && !isTerminalStatus(snapshot.status)) {
    logger.warn({ ...context, from: existing.status, to: snapshot.status }, 'ended subscription cannot restart');
    return;
  }
  const row = {
    userId: snapshot.userId,
    provider: snapshot.provider,
    providerSubscriptionId: snapshot.providerSubscriptionId,
    planId: snapshot.planId,
    providerPriceId: snapshot.providerPriceId,
    status: snapshot.status,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    cancelAt: snapshot.cancelAt,
    canceledAt: snapshot.canceledAt,
    endedAt: snapshot.endedAt,
    latestInvoiceId: snapshot.latestInvoiceId,
    providerCreatedAt: snapshot.providerCreatedAt,
    syncedAt: new Date(),
  };
  if (existing) await Subscription.query(trx).patch(row).where({ id: existing.id });
  else await Subscription.query(trx).insert(row);
  await refreshUserColumns(trx, snapshot.userId, logger);
  // The client's plan sets their tickets' service-level targets (decision 192).
  for (const listener of planListeners) await listener(trx, snapshot.userId);
  // Started, renewed, payment failed, cancelled or resumed: the subscriber hears of it.
  await queueSubscriptionMails(trx, existing, snapshot);
}

/** The user's current subscription: the newest live one, else the newest of any status. */
async function currentSubscription(
  trx: Knex.Transaction,
  userId: string,
): Promise<(Subscription & { planName: string | null }) | undefined> {
  return (await Subscription.query(trx)
    .select('subscriptions.*', 'plan.name as planName')
    .leftJoin('subscription_plans as plan', 'plan.id', 'subscriptions.planId')
    .where('subscriptions.userId', userId)
    .orderByRaw('subscriptions.status = any(?) desc', [[...liveSubscriptionStatuses]])
    .orderBy('subscriptions.providerCreatedAt', 'desc')
    .first()) as (Subscription & { planName: string | null }) | undefined;
}

/** Keeps the spec's user columns equal to the current subscription. */
async function refreshUserColumns(trx: Knex.Transaction, userId: string, logger: Logger): Promise<void> {
  const current = await currentSubscription(trx, userId);
  if (!current) return;
  const live = await Subscription.query(trx)
    .where({ userId })
    .whereIn('status', [...liveSubscriptionStatuses])
    .resultSize();
  if (live > 1) {
    // Only possible through changes made outside the application (e.g. in the Stripe dashboard).
    logger.error({ userId, live }, 'user has more than one live subscription; reporting the newest');
  }
  await User.query(trx)
    .patch({
      stripeSubscriptionId: current.provider === 'stripe' ? current.providerSubscriptionId : null,
      subscriptionStatus: current.status,
      subscriptionPlan: current.planName,
    })
    .where({ id: userId });
}

function epochSeconds(date: Date | null): number | null {
  return date ? Math.floor(new Date(date).getTime() / 1000) : null;
}

/**
 * Spec §3 subscription status of a user (for the given provider): the newest
 * live subscription, or "none". `currentPeriodEnd` is when it renews, or when
 * it ends if it is cancelling.
 */
export async function subscriptionStatusOf(
  db: Knex,
  userId: string,
  provider: SubscriptionProviderName,
): Promise<SubscriptionStatusResponse> {
  const current = await Subscription.query(db)
    .withGraphJoined('plan')
    .where('subscriptions.userId', userId)
    .where('subscriptions.provider', provider)
    .whereIn('subscriptions.status', [...liveSubscriptionStatuses])
    .orderBy('subscriptions.providerCreatedAt', 'desc')
    .first();
  if (!current || !isLiveStatus(current.status)) return NO_SUBSCRIPTION;
  return {
    status: current.status,
    plan: current.plan?.name ?? null,
    currentPeriodEnd: epochSeconds(current.cancelAt ?? current.currentPeriodEnd),
    cancelAtPeriodEnd: current.isCancelling,
  };
}

/** The plan of ours that a provider's price belongs to, else the plan named in its metadata. */
export async function planIdFor(
  trx: Knex.Transaction,
  priceId: string | null,
  metadataPlanId: string | undefined,
): Promise<string | null> {
  if (priceId) {
    const byPrice = await SubscriptionPlan.query(trx).findOne({ stripePriceId: priceId });
    if (byPrice) return byPrice.id;
  }
  if (metadataPlanId && uuid.safeParse(metadataPlanId).success) {
    const byId = await SubscriptionPlan.query(trx).findById(metadataPlanId);
    if (byId) return byId.id;
  }
  return null;
}
