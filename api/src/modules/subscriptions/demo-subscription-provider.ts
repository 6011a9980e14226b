import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { toCents } from '@shared/money';
import { DemoPaymentProvider } from '../payments/demo-provider';
import { addInterval } from './billing-periods';
import type {
  ProviderCallOptions,
  ProviderSubscription,
  SubscriptionChange,
  SubscriptionOperation,
  SubscriptionProvider,
} from './subscription-provider';
import { SubscriptionPlan } from './subscription-plan.model';
import { applySubscriptionSnapshot, type SubscriptionSnapshot } from './subscription-state';
import { Subscription } from './subscription.model';

type DemoSubscription = ProviderSubscription<Subscription>;

/** A demo subscription's row as a snapshot, to which a change is then applied. */
export function snapshotOfRow(row: Subscription): SubscriptionSnapshot {
  return {
    provider: 'demo',
    providerSubscriptionId: row.providerSubscriptionId,
    userId: row.userId,
    planId: row.planId,
    providerPriceId: null,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelAt: row.cancelAt,
    canceledAt: row.canceledAt,
    endedAt: row.endedAt,
    latestInvoiceId: row.latestInvoiceId,
    providerCreatedAt: row.providerCreatedAt,
  };
}

/** The first period of a subscription that starts now. */
export function firstPeriod(plan: Pick<SubscriptionPlan, 'interval'>, now: Date) {
  return { currentPeriodStart: now, currentPeriodEnd: addInterval(now, plan.interval) };
}

/**
 * The demo provider's subscriptions (development and browser tests, never
 * production): Stripe's behaviour mirrored on our own table. A new
 * subscription is `incomplete` until its first demo payment is confirmed on
 * the server (demo-subscription-payments.ts); cancelling ends it at the period
 * end; resuming and switching (without proration: the new price applies from
 * the next renewal) take effect at once; renewals are a maintenance task.
 */
export class DemoSubscriptionProvider implements SubscriptionProvider<Subscription> {
  readonly name = 'demo';

  offers(): boolean {
    return true;
  }

  async prepare(): Promise<void> {}

  /** Every plan is subscribable with the demo provider. */
  async ensurePlanPrice(): Promise<void> {}

  async openSubscriptions({ trx, user }: SubscriptionOperation): Promise<DemoSubscription[]> {
    const rows = await Subscription.query(trx)
      .where({ userId: user.id, provider: 'demo' })
      .whereNotIn('status', ['canceled', 'incomplete_expired'])
      .orderBy('providerCreatedAt', 'desc');
    return rows.map((row) => ({
      id: row.providerSubscriptionId,
      status: row.status,
      planId: row.planId,
      cancelling: row.isCancelling,
      source: row,
    }));
  }

  async create(
    { trx, user, logger }: SubscriptionOperation,
    plan: SubscriptionPlan,
    options: ProviderCallOptions = {},
  ) {
    const now = new Date();
    // Keyed: the same key names the same subscription (its id is unique), as Stripe answers a key with its first.
    const id = options.idempotencyKey
      ? createHash('sha256').update(options.idempotencyKey).digest('base64url').slice(0, 16)
      : randomBytes(12).toString('base64url');
    const snapshot: SubscriptionSnapshot = {
      provider: 'demo',
      providerSubscriptionId: `demo_sub_${id}`,
      userId: user.id,
      planId: plan.id,
      providerPriceId: null,
      status: 'incomplete',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      latestInvoiceId: null,
      providerCreatedAt: now,
    };
    if (toCents(plan.price) === 0) {
      // Nothing to pay: active at once, as Stripe does.
      await applySubscriptionSnapshot(trx, { ...snapshot, status: 'active', ...firstPeriod(plan, now) }, logger);
      return { clientSecret: null };
    }
    const payment = await this.firstPayment(trx, snapshot, plan);
    await applySubscriptionSnapshot(trx, { ...snapshot, latestInvoiceId: payment.id }, logger);
    return { clientSecret: payment.clientSecret };
  }

  /** A fresh payment for a subscription still waiting for its first one; earlier ones are no longer accepted. */
  async openInvoiceSecret({ trx, logger }: SubscriptionOperation, subscription: DemoSubscription) {
    const row = subscription.source;
    if (row.status !== 'incomplete' || !row.planId) return null;
    const plan = await SubscriptionPlan.query(trx).findById(row.planId);
    if (!plan) return null;
    const payment = await this.firstPayment(trx, snapshotOfRow(row), plan);
    await applySubscriptionSnapshot(trx, { ...snapshotOfRow(row), latestInvoiceId: payment.id }, logger);
    return payment.clientSecret;
  }

  async discard({ trx, logger }: SubscriptionOperation, subscription: DemoSubscription): Promise<void> {
    const now = new Date();
    const snapshot = snapshotOfRow(subscription.source);
    await applySubscriptionSnapshot(trx, { ...snapshot, status: 'incomplete_expired', endedAt: now }, logger);
  }

  async update({ trx, logger }: SubscriptionOperation, subscription: DemoSubscription, change: SubscriptionChange) {
    const snapshot = snapshotOfRow(subscription.source);
    if (change.plan) snapshot.planId = change.plan.id;
    if (change.cancelAtPeriodEnd === true) {
      Object.assign(snapshot, { cancelAtPeriodEnd: true, canceledAt: new Date() });
    } else if (change.cancelAtPeriodEnd === false) {
      Object.assign(snapshot, { cancelAtPeriodEnd: false, cancelAt: null, canceledAt: null });
    }
    await applySubscriptionSnapshot(trx, snapshot, logger);
  }

  async refreshPending(): Promise<void> {}

  private firstPayment(trx: Knex.Transaction, snapshot: SubscriptionSnapshot, plan: SubscriptionPlan) {
    return new DemoPaymentProvider(trx).createPayment({
      amountCents: toCents(plan.price),
      currency: 'usd',
      description: `Northstar IT ${plan.name} plan, first ${plan.interval}`,
      metadata: {
        purpose: 'subscription',
        user_id: snapshot.userId,
        subscription_id: snapshot.providerSubscriptionId,
        plan_id: plan.id,
      },
      idempotencyKey: snapshot.providerSubscriptionId,
      userId: snapshot.userId,
    });
  }
}
