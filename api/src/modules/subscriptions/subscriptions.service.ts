import type { Knex } from 'knex';
import {
  liveSubscriptionStatuses,
  type CreateSubscriptionResponse,
  type SubscriptionPlan as SubscriptionPlanJson,
  type SubscriptionOutcome,
  type SubscriptionStatusResponse,
} from '@shared/schemas/subscriptions';
import { Conflict, NotFound, ServiceUnavailable } from '../../errors';
import type { Logger } from '../../logger';
import { providerUnavailable } from '../payments/provider-errors';
import type { User } from '../users/user.model';
import {
  ProviderFailure,
  type ProviderSubscription,
  type SubscriptionOperation,
  type SubscriptionProvider,
} from './subscription-provider';
import { SubscriptionPlan } from './subscription-plan.model';
import { lockUser, subscriptionStatusOf } from './subscription-state';
import { Subscription } from './subscription.model';

export interface SubscriptionDeps {
  db: Knex;
  provider: SubscriptionProvider;
  logger: Logger;
}

const PLAN_NOT_FOUND = 'This plan does not exist or is no longer offered.';

/** Active plans, cheapest first (GET /api/subscription-plans). */
export async function listActivePlans(db: Knex): Promise<SubscriptionPlan[]> {
  return SubscriptionPlan.query(db).where({ isActive: true }).orderBy('price').orderBy('name');
}

/** The names of every plan, offered or not (settings keyed by plan are checked against them). */
export async function planNames(db: Knex | Knex.Transaction): Promise<string[]> {
  const rows = (await db('subscription_plans').select('name').orderBy('name')) as { name: string }[];
  return rows.map((row) => row.name);
}

/** A plan as the API sends it. */
export function toSubscriptionPlan(plan: SubscriptionPlan): SubscriptionPlanJson {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.price,
    interval: plan.interval,
    stripePriceId: plan.stripePriceId,
    features: plan.features,
    isActive: plan.isActive,
    createdAt: new Date(plan.createdAt).toISOString(),
  };
}

/**
 * Whether the plan was made for one of this user's quotes (decision 201): never offered on /pricing, yet its
 * client subscribes to it (pays its first month) like to any plan.
 */
export async function isQuotePlanOf(db: Knex | Knex.Transaction, planId: string, userId: string): Promise<boolean> {
  const row = await db('subscription_plans as p')
    .join('quotes as q', 'q.id', 'p.quote_id')
    .where({ 'p.id': planId, 'q.client_user_id': userId })
    .first('p.id');
  return Boolean(row);
}

/** A plan the user may see: an offered one, or one made for their quote; undefined otherwise. */
export async function planForUser(
  db: Knex,
  planId: string,
  userId: string | null,
): Promise<SubscriptionPlan | undefined> {
  const plan = await SubscriptionPlan.query(db).findById(planId);
  if (!plan) return undefined;
  if (plan.isActive) return plan;
  return userId && (await isQuotePlanOf(db, plan.id, userId)) ? plan : undefined;
}

/** Whether the user's live subscription is on this plan (as last synchronised). */
async function hasLiveSubscriptionOn(db: Knex, userId: string, planId: string): Promise<boolean> {
  const row = await Subscription.query(db)
    .where({ userId, planId })
    .whereIn('status', [...liveSubscriptionStatuses])
    .first();
  return Boolean(row);
}

/** Runs `work` in a transaction holding the user's row lock; provider failures become a 502. */
async function withUserLock<T>(
  { db, logger }: SubscriptionDeps,
  user: User,
  work: (op: SubscriptionOperation) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (trx) => {
      const locked = await lockUser(trx, user.id);
      if (!locked) throw new NotFound('Account not found');
      return work({ trx, user: locked, logger });
    });
  } catch (err) {
    if (err instanceof ProviderFailure) throw providerUnavailable(err.cause, logger);
    throw err;
  }
}

function isRenewing(subscription: ProviderSubscription<unknown>): boolean {
  return subscription.status === 'active' || subscription.status === 'trialing';
}

/**
 * POST /api/create-subscription. A user never ends up with two live
 * subscriptions: one that is ending is resumed (and switched if another plan
 * was chosen) without a new charge; an active one on another plan is
 * switched; choosing the plan one already has is refused. Otherwise a new
 * subscription waits for its first payment — reusing the one already waiting
 * for this plan, and giving up those waiting for another plan.
 */
export async function subscribe(
  deps: SubscriptionDeps,
  user: User,
  planId: string,
): Promise<CreateSubscriptionResponse> {
  const { db, provider, logger } = deps;
  const plan = await SubscriptionPlan.query(db).findById(planId);
  const quotePlan = Boolean(plan && !plan.isActive && (await isQuotePlanOf(db, plan.id, user.id)));
  if (!plan || (!plan.isActive && !quotePlan && !(await hasLiveSubscriptionOn(db, user.id, plan.id)))) {
    throw new NotFound(PLAN_NOT_FOUND);
  }
  if (!provider.offers(plan)) {
    throw new ServiceUnavailable('This plan cannot be subscribed to online yet. Please contact our sales team.');
  }
  try {
    await provider.prepare(user, logger);
  } catch (err) {
    if (err instanceof ProviderFailure) throw providerUnavailable(err.cause, logger);
    throw err;
  }

  const result = await withUserLock(deps, user, async (op) => {
    const open = await provider.openSubscriptions(op);
    const live = open.find((subscription) => subscription.status !== 'incomplete');
    // An inactive plan can still be kept by those who have it, never newly chosen.
    if (!plan.isActive && !quotePlan && live?.planId !== plan.id) throw new NotFound(PLAN_NOT_FOUND);

    if (live) {
      const samePlan = live.planId === plan.id;
      if (isRenewing(live)) {
        if (live.cancelling) {
          await provider.update(op, live, { cancelAtPeriodEnd: false, ...(samePlan ? {} : { plan }) });
          return { outcome: 'resumed' as const, clientSecret: null };
        }
        if (samePlan) throw new Conflict(`You are already subscribed to the ${plan.name} plan.`);
        await provider.update(op, live, { plan });
        return { outcome: 'switched' as const, clientSecret: null };
      }
      // past_due, unpaid or paused: the way forward is paying what is owed on the current plan.
      const secret = samePlan ? await provider.openInvoiceSecret(op, live) : null;
      if (secret) return { outcome: 'payment_required' as const, clientSecret: secret };
      throw new Conflict(
        'Your subscription has an unpaid invoice. Please pay it, or contact us, before changing your plan.',
      );
    }

    for (const pending of open) {
      if (pending.planId === plan.id) {
        const secret = await provider.openInvoiceSecret(op, pending);
        if (secret) return { outcome: 'payment_required' as const, clientSecret: secret };
      }
      await provider.discard(op, pending);
    }
    const { clientSecret } = await provider.create(op, plan);
    return clientSecret
      ? { outcome: 'payment_required' as const, clientSecret }
      : { outcome: 'activated' as const, clientSecret: null };
  });

  const subscription = await subscriptionStatusOf(db, user.id, provider.name);
  logger.info({ userId: user.id, planId: plan.id, outcome: result.outcome }, 'subscription requested');
  return result.clientSecret
    ? { outcome: 'payment_required', clientSecret: result.clientSecret, subscription }
    : { outcome: result.outcome as Exclude<SubscriptionOutcome, 'payment_required'>, clientSecret: null, subscription };
}

/** POST /api/cancel-subscription: the caller's live subscription ends at the end of its period. */
export async function cancelSubscription(deps: SubscriptionDeps, user: User): Promise<SubscriptionStatusResponse> {
  const { db, provider, logger } = deps;
  await withUserLock(deps, user, async (op) => {
    const live = (await provider.openSubscriptions(op)).find((subscription) => subscription.status !== 'incomplete');
    if (!live) throw new NotFound('You have no active subscription to cancel.');
    if (live.cancelling) {
      throw new Conflict('Your subscription is already canceled. It ends at the end of the billing period.');
    }
    await provider.update(op, live, { cancelAtPeriodEnd: true });
  });
  logger.info({ userId: user.id }, 'subscription set to cancel at period end');
  return subscriptionStatusOf(db, user.id, provider.name);
}

/** GET /api/subscription-status (spec §3 shape). */
export async function subscriptionStatus(deps: SubscriptionDeps, user: User): Promise<SubscriptionStatusResponse> {
  const { db, provider, logger } = deps;
  // After paying, the browser may ask before the provider's webhook has arrived.
  await provider.refreshPending(db, user, logger);
  return subscriptionStatusOf(db, user.id, provider.name);
}
