import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { toCents } from '@shared/money';
import type { Logger } from '../../logger';
import { User } from '../users/user.model';
import {
  applyStripeSubscription,
  idOf,
  isMissing,
  stripeCall,
  syncStripeSubscription,
} from './stripe-subscription-sync';
import { productIdFor } from './plan-sync.service';
import {
  ProviderFailure,
  type ProviderCallOptions,
  type ProviderSubscription,
  type SubscriptionChange,
  type SubscriptionOperation,
  type SubscriptionProvider,
} from './subscription-provider';
import { SubscriptionPlan } from './subscription-plan.model';
import { INCOMPLETE_WINDOW_MS, isTerminalStatus } from './subscription-state';
import { isCancelling, Subscription } from './subscription.model';

type StripeSubscription = ProviderSubscription<Stripe.Subscription>;

/**
 * Subscriptions with Stripe Billing: one Customer per user (created once and
 * remembered), subscriptions created `default_incomplete` so the browser pays
 * the first invoice with its confirmation secret, plan switches prorated,
 * cancellation at the period end. Every answer from Stripe is applied at once;
 * webhooks (stripe-subscription-events.ts) keep it in sync afterwards.
 */
export class StripeSubscriptionProvider implements SubscriptionProvider<Stripe.Subscription> {
  readonly name = 'stripe';

  constructor(
    private readonly stripe: Stripe,
    private readonly db: Knex,
  ) {}

  offers(plan: SubscriptionPlan): boolean {
    return Boolean(plan.stripePriceId);
  }

  /** The user's Stripe Customer, created (or re-created, if deleted in the dashboard) and stored first. */
  async prepare(user: User, logger: Logger): Promise<void> {
    const known = user.stripeCustomerId;
    if (known) {
      try {
        const customer = await stripeCall(() => this.stripe.customers.retrieve(known));
        if (!('deleted' in customer && customer.deleted)) return;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      logger.warn({ userId: user.id, customerId: known }, 'Stripe customer is gone; creating a new one');
    }
    const customer = await stripeCall(() =>
      this.stripe.customers.create(
        { name: user.displayName, metadata: { user_id: user.id }, ...(user.email ? { email: user.email } : {}) },
        { idempotencyKey: `customer-${user.id}-${known ?? 'first'}` },
      ),
    );
    const query = User.query(this.db).patch({ stripeCustomerId: customer.id }).where({ id: user.id });
    const saved = await (known ? query.where({ stripeCustomerId: known }) : query.whereNull('stripeCustomerId'));
    // Two requests racing got the same customer from Stripe (same idempotency key), or the other one won.
    if (saved === 0) logger.info({ userId: user.id }, 'Stripe customer already stored by another request');
  }

  /**
   * A plan made for a quote (decision 201) gets its own Product and recurring Price, created with keys derived
   * from the caller's (a retry gets the same ones back), and the price is stored on the plan.
   */
  async ensurePlanPrice(plan: SubscriptionPlan, { idempotencyKey }: Required<ProviderCallOptions>, logger: Logger) {
    if (plan.stripePriceId) return;
    const product = productIdFor(plan);
    try {
      await stripeCall(() => this.stripe.products.retrieve(product));
    } catch (err) {
      if (!isMissing(err)) throw err;
      await stripeCall(() =>
        this.stripe.products.create(
          { id: product, name: plan.name, description: plan.description, metadata: { plan_id: plan.id } },
          { idempotencyKey: `${idempotencyKey}-product` },
        ),
      );
    }
    const price = await stripeCall(() =>
      this.stripe.prices.create(
        {
          product,
          currency: 'usd',
          unit_amount: toCents(plan.price),
          recurring: { interval: plan.interval },
          metadata: { plan_id: plan.id },
        },
        { idempotencyKey: `${idempotencyKey}-price` },
      ),
    );
    await SubscriptionPlan.query(this.db).patch({ stripePriceId: price.id }).where({ id: plan.id });
    plan.stripePriceId = price.id;
    logger.info({ planId: plan.id, priceId: price.id }, 'Stripe price made for a quote plan');
  }

  async openSubscriptions({ trx, user, logger }: SubscriptionOperation): Promise<StripeSubscription[]> {
    const customer = user.stripeCustomerId;
    if (!customer) return [];
    // Newest first. Applying them all also repairs any state a lost webhook left behind.
    const list = await stripeCall(() => this.stripe.subscriptions.list({ customer, status: 'all', limit: 20 }));
    const open: StripeSubscription[] = [];
    for (const subscription of list.data) {
      const snapshot = await applyStripeSubscription(trx, subscription, user, logger);
      if (!snapshot || isTerminalStatus(snapshot.status)) continue;
      open.push({
        id: subscription.id,
        status: snapshot.status,
        planId: snapshot.planId,
        cancelling: isCancelling(snapshot),
        source: subscription,
      });
    }
    return open;
  }

  async create(
    { trx, user, logger }: SubscriptionOperation,
    plan: SubscriptionPlan,
    options: ProviderCallOptions = {},
  ): Promise<{ clientSecret: string | null }> {
    const customer = user.stripeCustomerId;
    const price = plan.stripePriceId;
    if (!customer || !price) throw new Error('create() needs the customer (prepare) and a plan with a Stripe price');
    const subscription = await stripeCall(() =>
      this.stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          description: `Northstar IT ${plan.name} plan`,
          metadata: { user_id: user.id, plan_id: plan.id },
          // The first invoice waits for the browser to confirm its payment; the card is then kept for renewals.
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
        },
        // Each attempt is one subscription (a quote's: one per quote); the SDK reuses the key on its own retries.
        { idempotencyKey: options.idempotencyKey ?? `subscription-${user.id}-${randomUUID()}` },
      ),
    );
    await applyStripeSubscription(trx, subscription, user, logger);
    if (subscription.status !== 'incomplete') return { clientSecret: null };
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret)
      throw new ProviderFailure(new Error(`Subscription ${subscription.id} has no payment to confirm`));
    return { clientSecret };
  }

  async openInvoiceSecret(_op: SubscriptionOperation, subscription: StripeSubscription): Promise<string | null> {
    const invoiceId = idOf(subscription.source.latest_invoice);
    if (!invoiceId) return null;
    const invoice = await stripeCall(() =>
      this.stripe.invoices.retrieve(invoiceId, { expand: ['confirmation_secret'] }),
    );
    return invoice.status === 'open' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
  }

  async discard({ trx, user, logger }: SubscriptionOperation, subscription: StripeSubscription): Promise<void> {
    const canceled = await stripeCall(() => this.stripe.subscriptions.cancel(subscription.id));
    await applyStripeSubscription(trx, canceled, user, logger);
  }

  async update(
    { trx, user, logger }: SubscriptionOperation,
    subscription: StripeSubscription,
    change: SubscriptionChange,
    options: ProviderCallOptions = {},
  ): Promise<void> {
    const params: Stripe.SubscriptionUpdateParams = {};
    if (change.cancelAtPeriodEnd === true) params.cancel_at_period_end = true;
    if (change.cancelAtPeriodEnd === false) {
      // Resuming: undo whichever way the end was scheduled (Stripe refuses both fields in one request).
      if (subscription.source.cancel_at_period_end) params.cancel_at_period_end = false;
      else if (subscription.source.cancel_at) params.cancel_at = '';
    }
    if (change.plan) {
      const item = subscription.source.items.data[0];
      const price = change.plan.stripePriceId;
      if (!item || !price) throw new Error(`Cannot switch subscription ${subscription.id} to plan ${change.plan.id}`);
      params.items = [{ id: item.id, price }];
      // The unused time of the old plan and the rest of the period on the new one go on the next invoice.
      params.proration_behavior = 'create_prorations';
      params.metadata = { plan_id: change.plan.id };
    }
    const updated = await stripeCall(() =>
      this.stripe.subscriptions.update(
        subscription.id,
        params,
        options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined,
      ),
    );
    await applyStripeSubscription(trx, updated, user, logger);
  }

  async refreshPending(db: Knex, user: User, logger: Logger): Promise<void> {
    const customerId = user.stripeCustomerId;
    if (!customerId) return;
    const pending = await Subscription.query(db)
      .where({ userId: user.id, provider: 'stripe', status: 'incomplete' })
      .where('providerCreatedAt', '>', new Date(Date.now() - INCOMPLETE_WINDOW_MS))
      .orderBy('providerCreatedAt', 'desc')
      .first();
    if (!pending) return;
    try {
      await db.transaction((trx) =>
        syncStripeSubscription(
          trx,
          this.stripe,
          { subscriptionId: pending.providerSubscriptionId, customerId },
          logger,
        ),
      );
    } catch (err) {
      // The webhook will bring the news; the status answers from what we have.
      logger.warn({ err, userId: user.id }, 'could not refresh a pending subscription from Stripe');
    }
  }
}
