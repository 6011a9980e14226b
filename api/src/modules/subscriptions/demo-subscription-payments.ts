import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { PaymentFulfilment } from '../payments/payment-outcome';
import type { PaymentOutcome } from '../payments/payment-provider';
import { addInterval } from './billing-periods';
import { firstPeriod, snapshotOfRow } from './demo-subscription-provider';
import { SubscriptionPlan } from './subscription-plan.model';
import { applySubscriptionSnapshot, INCOMPLETE_WINDOW_MS, lockUser } from './subscription-state';
import { Subscription } from './subscription.model';

/** Whether a demo payment is the one a demo subscription is still waiting for. */
async function subscriptionAcceptsPayment(
  trx: Knex.Transaction,
  subscriptionId: string | undefined,
  paymentId: string,
): Promise<boolean> {
  if (!subscriptionId) return false;
  const row = await Subscription.query(trx).findOne({ providerSubscriptionId: subscriptionId, provider: 'demo' });
  return Boolean(row && row.status === 'incomplete' && row.latestInvoiceId === paymentId);
}

/**
 * The first payment of a demo subscription, confirmed on the server
 * (applyPaymentOutcome): the subscription becomes active for its first
 * period. Stripe subscriptions are never settled here — their state comes
 * from Stripe's subscription and invoice events.
 */
async function applySubscriptionPayment(trx: Knex.Transaction, outcome: PaymentOutcome, logger: Logger): Promise<void> {
  const context = { paymentId: outcome.paymentId, subscriptionId: outcome.metadata.subscription_id };
  if (outcome.provider !== 'demo') {
    logger.info(context, 'Stripe subscription payments are applied from subscription events');
    return;
  }
  // A declined first payment leaves the subscription incomplete, as at Stripe: another card may follow.
  if (outcome.status !== 'succeeded') return;
  const userId = outcome.metadata.user_id;
  if (!userId || !(await lockUser(trx, userId))) {
    logger.warn(context, 'subscription payment for an unknown user ignored');
    return;
  }
  const row = await Subscription.query(trx)
    .findOne({ providerSubscriptionId: outcome.metadata.subscription_id ?? '', provider: 'demo', userId })
    .forUpdate();
  if (!row || row.status !== 'incomplete' || row.latestInvoiceId !== outcome.paymentId || !row.planId) {
    logger.warn(context, 'payment for a subscription that no longer waits for it ignored');
    return;
  }
  const plan = await SubscriptionPlan.query(trx).findById(row.planId);
  if (!plan) return;
  await applySubscriptionSnapshot(
    trx,
    { ...snapshotOfRow(row), status: 'active', ...firstPeriod(plan, new Date()) },
    logger,
  );
}

/** Payments for subscriptions (purpose `subscription`): only the demo provider's first payment. */
export const subscriptionFulfilment: PaymentFulfilment = {
  apply: applySubscriptionPayment,
  refuseDemoPayment: async (trx, payment) =>
    (await subscriptionAcceptsPayment(trx, payment.metadata.subscription_id, payment.id))
      ? null
      : 'This subscription payment is no longer needed. Please choose your plan again.',
};

/**
 * Maintenance for the demo provider, doing what Stripe does on its own:
 * a subscription whose first payment never came expires after 23 hours; at
 * the end of a period a cancelling subscription ends, any other renews (the
 * demo charges nothing). Each change goes through applySubscriptionSnapshot.
 */
export async function advanceDemoSubscriptions(db: Knex, logger: Logger, now = new Date()): Promise<number> {
  const due = await Subscription.query(db)
    .where({ provider: 'demo' })
    .where((query) =>
      query
        .where((q) => q.where({ status: 'active' }).where('currentPeriodEnd', '<=', now))
        .orWhere((q) =>
          q
            .where({ status: 'incomplete' })
            .where('providerCreatedAt', '<=', new Date(now.getTime() - INCOMPLETE_WINDOW_MS)),
        ),
    )
    .select('id', 'userId')
    .limit(500);
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await db.transaction(async (trx) => {
      await lockUser(trx, userId);
      const row = await Subscription.query(trx).findById(id).forUpdate();
      if (!row) return 0;
      const snapshot = snapshotOfRow(row);
      if (row.status === 'incomplete') {
        if (row.providerCreatedAt.getTime() > now.getTime() - INCOMPLETE_WINDOW_MS) return 0;
        await applySubscriptionSnapshot(trx, { ...snapshot, status: 'incomplete_expired', endedAt: now }, logger);
        return 1;
      }
      const periodEnd = row.currentPeriodEnd;
      if (row.status !== 'active' || !periodEnd || periodEnd > now) return 0;
      if (row.isCancelling) {
        await applySubscriptionSnapshot(
          trx,
          { ...snapshot, status: 'canceled', endedAt: row.cancelAt ?? periodEnd },
          logger,
        );
        return 1;
      }
      const plan = row.planId ? await SubscriptionPlan.query(trx).findById(row.planId) : undefined;
      const interval = plan?.interval ?? 'month';
      // Whole periods from the original start, skipping any the server slept through.
      let periods = 1;
      const start = row.currentPeriodStart ?? periodEnd;
      let end = addInterval(start, interval, periods);
      while (end <= now) end = addInterval(start, interval, ++periods);
      const newStart = addInterval(start, interval, periods - 1);
      await applySubscriptionSnapshot(
        trx,
        { ...snapshot, currentPeriodStart: newStart, currentPeriodEnd: end },
        logger,
      );
      return 1;
    });
  }
  return changed;
}
