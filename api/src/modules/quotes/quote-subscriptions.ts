import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { publish } from '../../live/publish';
import { ProviderFailure, type SubscriptionProvider } from '../subscriptions/subscription-provider';
import { SubscriptionPlan } from '../subscriptions/subscription-plan.model';
import { lockUser } from '../subscriptions/subscription-state';
import { User } from '../users/user.model';
import { recordQuoteEvent } from './quote-rows';

export interface QuoteSubscriptionDeps {
  db: Knex;
  provider: SubscriptionProvider;
  logger: Logger;
}

/** What starting a quote's subscription did: a new one (its first payment from the portal), or a plan switch. */
type Outcome = 'started' | 'switched' | 'already';

/**
 * The subscription of a converted quote's plan (decision 201), started after
 * the conversion committed, through the account's provider the way the
 * portal starts one: a new subscription waits for its first payment, which
 * the client makes from the portal's subscription card; an account that
 * already has an open subscription has it switched to the quote's plan
 * instead. Runs under the quote's row lock and ends by setting
 * `subscription_started_at`, so it happens once however many callers (the
 * accept, the deposit's webhook delivered twice, the maintenance task) try;
 * the provider's calls carry keys derived from the quote, so a retry after a
 * lost answer gets the same subscription back instead of a second one.
 * Returns false when there was nothing to do. A provider failure is recorded
 * on the timeline once (`subscription_failed`) and left for the maintenance
 * task to retry.
 */
export async function startQuoteSubscription(deps: QuoteSubscriptionDeps, quoteId: string): Promise<boolean> {
  const { db, provider, logger } = deps;
  const waiting = await db('quotes')
    .where({ id: quoteId })
    .whereNotNull('subscriptionPlanId')
    .whereNotNull('clientUserId')
    .whereNull('subscriptionStartedAt')
    .first<{ id: string; subscriptionPlanId: string; clientUserId: string } | undefined>(
      'id',
      'subscriptionPlanId',
      'clientUserId',
    );
  if (!waiting) return false;
  const key = `quote-subscription-${quoteId}`;
  try {
    const plan = await SubscriptionPlan.query(db).findById(waiting.subscriptionPlanId);
    const user = await User.query(db).findById(waiting.clientUserId);
    if (!plan || !user) return false;
    await provider.ensurePlanPrice(plan, { idempotencyKey: `${key}-plan` }, logger);
    await provider.prepare(user, logger);
    const outcome = await db.transaction(async (trx): Promise<Outcome | null> => {
      const quote = await trx('quotes')
        .where({ id: quoteId })
        .forUpdate()
        .first<{ subscriptionStartedAt: Date | null }>('subscriptionStartedAt');
      if (quote.subscriptionStartedAt) return null;
      const locked = await lockUser(trx, user.id);
      if (!locked) return null;
      const op = { trx, user: locked, logger };
      const open = await provider.openSubscriptions(op);
      const live = open.find((subscription) => subscription.status !== 'incomplete');
      let outcome: Outcome;
      if (live?.planId === plan.id) {
        outcome = 'already';
      } else if (live) {
        // One subscription per account: the open one moves to the quote's plan (resumed if it was ending).
        await provider.update(
          op,
          live,
          { plan, ...(live.cancelling ? { cancelAtPeriodEnd: false } : {}) },
          { idempotencyKey: `${key}-switch` },
        );
        outcome = 'switched';
      } else {
        const pending = open.find((subscription) => subscription.planId === plan.id);
        for (const other of open) if (other !== pending) await provider.discard(op, other);
        if (!pending) await provider.create(op, plan, { idempotencyKey: key });
        outcome = 'started';
      }
      await trx('quotes')
        .where({ id: quoteId })
        .update({ subscriptionStartedAt: trx.fn.now(), updatedAt: trx.fn.now() });
      const subscription = await trx('subscriptions')
        .where({ userId: user.id, planId: plan.id, provider: provider.name })
        .orderBy('providerCreatedAt', 'desc')
        .first<{ id: string } | undefined>('id');
      await recordQuoteEvent(trx, quoteId, 'subscription_started', null, {
        planId: plan.id,
        subscriptionId: subscription?.id ?? null,
        outcome,
      });
      await publish(trx, 'staff', { kind: 'quote.paid', id: quoteId });
      return outcome;
    });
    if (outcome) logger.info({ quoteId, planId: plan.id, outcome }, 'quote subscription started');
    return outcome !== null;
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    logger.warn({ err: err.cause, quoteId }, 'quote subscription not started; maintenance will retry');
    await db.transaction(async (trx) => {
      const reported = await trx('quote_events').where({ quoteId, type: 'subscription_failed' }).first('id');
      if (!reported) {
        await recordQuoteEvent(trx, quoteId, 'subscription_failed', null, {
          message: 'The payment provider could not be reached; the subscription will be started on the next try.',
        });
      }
    });
    return false;
  }
}

/**
 * Converted quotes whose subscription is not started yet (the provider failed,
 * or the server stopped after the conversion): after every payment and in the
 * maintenance task, one at a time.
 */
export async function startPendingQuoteSubscriptions(deps: QuoteSubscriptionDeps): Promise<number> {
  const waiting = await deps
    .db('quotes')
    .whereNotNull('convertedAt')
    .whereNotNull('subscriptionPlanId')
    .whereNull('subscriptionStartedAt')
    .orderBy('convertedAt')
    .limit(50)
    .pluck<string[]>('id');
  let started = 0;
  for (const id of waiting) if (await startQuoteSubscription(deps, id)) started += 1;
  return started;
}
