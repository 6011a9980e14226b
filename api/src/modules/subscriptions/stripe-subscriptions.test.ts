import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { FAKE_STRIPE_KEYS, startStripeFake } from '../../test/stripe-fake';
import { stripeSubscriptionHelpers } from '../../test/stripe-subscriptions';
import { buildPlan, seededPlan, subscriptionRows } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { User } from '../users/user.model';

// The real `stripe` SDK against a local fake of Stripe's API.
const stripe = await startStripeFake();
afterAll(() => stripe.close());
const t = setupTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }, rateLimits: roomyRateLimits });
const { priceSeededPlans, client, deliver, latestOf, subscriptionsOf } = stripeSubscriptionHelpers(t, stripe);
beforeAll(priceSeededPlans);

const calls = (method: string, path: string | RegExp) =>
  stripe.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  );

/** Subscribes, then Stripe reports the paid first invoice. */
async function activeSubscriber(planName: 'Essentials' | 'Professional' | 'Enterprise' = 'Professional') {
  const subscriber = await client();
  const plan = await seededPlan(t.db, planName);
  const res = await subscriber.agent.post('/api/create-subscription').send({ planId: plan.id });
  expect(res.status).toBe(201);
  const { subscription, invoice } = stripe.billing.payFirstInvoice(latestOf(subscriber.user.id).id);
  await deliver('invoice.paid', invoice);
  return { ...subscriber, plan, subscriptionId: subscription.id };
}

describe('POST /api/create-subscription with Stripe', () => {
  it('creates the customer once, then an incomplete subscription whose first invoice the browser pays', async () => {
    const { agent, user } = await client({ email: 'margaret@example.com' });
    const plan = await seededPlan(t.db, 'Professional');
    const res = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(res.status).toBe(201);

    const [customerCall] = calls('POST', '/v1/customers').slice(-1);
    const stored = await User.query(t.db).findById(user.id);
    expect(stored?.stripeCustomerId).toMatch(/^cus_/);
    expect(stripe.billing.customers.get(stored!.stripeCustomerId!)).toMatchObject({
      email: 'margaret@example.com',
      name: 'Margaret',
      metadata: { user_id: user.id },
    });
    expect(customerCall?.idempotencyKey).toBe(`customer-${user.id}-first`);

    const created = calls('POST', '/v1/subscriptions').at(-1)!;
    expect(created.params).toMatchObject({
      customer: stored!.stripeCustomerId,
      items: { 0: { price: plan.stripePriceId } },
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { user_id: user.id, plan_id: plan.id },
      expand: { 0: 'latest_invoice.confirmation_secret' },
    });
    expect(created.idempotencyKey).toMatch(new RegExp(`^subscription-${user.id}-`));
    const subscription = latestOf(user.id);
    const invoice = stripe.billing.invoices.get(subscription.latest_invoice as string)!;
    expect(res.body).toEqual({
      outcome: 'payment_required',
      clientSecret: invoice.confirmation_secret!.client_secret,
      subscription: { status: 'none', plan: null, currentPeriodEnd: null, cancelAtPeriodEnd: false },
    });
    const [row] = await subscriptionRows(t.db, user.id);
    expect(row).toMatchObject({
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
      status: 'incomplete',
      planId: plan.id,
    });

    // The same plan again while the first payment is still open: the same subscription and invoice.
    const again = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(subscriptionsOf(user.id)).toHaveLength(1);
    const forUser = calls('POST', '/v1/customers').filter(
      (r) => (r.params.metadata as Record<string, string> | undefined)?.user_id === user.id,
    );
    expect(forUser).toHaveLength(1);
  });

  it('after paying, the status reads the new state from Stripe even before the webhook arrives', async () => {
    const { agent, user } = await client();
    const plan = await seededPlan(t.db, 'Essentials');
    await agent.post('/api/create-subscription').send({ planId: plan.id });
    const { subscription } = stripe.billing.payFirstInvoice(latestOf(user.id).id);
    const status = await agent.get('/api/subscription-status');
    expect(status.body).toEqual({
      status: 'active',
      plan: 'Essentials',
      currentPeriodEnd: subscription.items.data[0]!.current_period_end,
      cancelAtPeriodEnd: false,
    });
    expect(await User.query(t.db).findById(user.id)).toMatchObject({
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: 'active',
      subscriptionPlan: 'Essentials',
    });
  });

  it('gives up an unpaid subscription for another plan instead of keeping two', async () => {
    const { agent, user } = await client();
    const essentials = await seededPlan(t.db, 'Essentials');
    const enterprise = await seededPlan(t.db, 'Enterprise');
    await agent.post('/api/create-subscription').send({ planId: essentials.id });
    const abandoned = latestOf(user.id);
    const res = await agent.post('/api/create-subscription').send({ planId: enterprise.id });
    expect(res.status).toBe(201);
    expect(calls('DELETE', `/v1/subscriptions/${abandoned.id}`)).toHaveLength(1);
    expect(subscriptionsOf(user.id).map((s) => s.status)).toEqual(['incomplete', 'incomplete_expired']);
  });

  it('refuses the plan one has, and switches to another with proration and no new subscription', async () => {
    const { agent, user, plan, subscriptionId } = await activeSubscriber('Essentials');
    const same = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(same.status).toBe(409);

    const professional = await seededPlan(t.db, 'Professional');
    const res = await agent.post('/api/create-subscription').send({ planId: professional.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      outcome: 'switched',
      clientSecret: null,
      subscription: { status: 'active', plan: 'Professional' },
    });
    const update = calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(update.params).toMatchObject({
      items: { 0: { id: expect.stringMatching(/^si_/), price: professional.stripePriceId } },
      proration_behavior: 'create_prorations',
      metadata: { plan_id: professional.id },
    });
    expect(stripe.billing.prorations.at(-1)).toMatchObject({
      subscription: subscriptionId,
      behavior: 'create_prorations',
    });
    expect(subscriptionsOf(user.id)).toHaveLength(1);
  });

  it('cancels at the period end once, and resumes without a new subscription or charge', async () => {
    const { agent, user, plan, subscriptionId } = await activeSubscriber('Professional');
    const periodEnd = latestOf(user.id).items.data[0]!.current_period_end;

    const canceled = await agent.post('/api/cancel-subscription');
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({
      status: 'active',
      plan: 'Professional',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
    });
    expect(calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.params).toEqual({
      cancel_at_period_end: 'true',
    });

    const updates = calls('POST', `/v1/subscriptions/${subscriptionId}`).length;
    expect((await agent.post('/api/cancel-subscription')).status).toBe(409);
    expect(calls('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(updates);

    const invoices = stripe.billing.invoices.size;
    const resumed = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(resumed.body).toEqual({
      outcome: 'resumed',
      clientSecret: null,
      subscription: { status: 'active', plan: 'Professional', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false },
    });
    expect(calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.params).toEqual({
      cancel_at_period_end: 'false',
    });
    expect(stripe.billing.invoices.size).toBe(invoices);
    expect(subscriptionsOf(user.id)).toHaveLength(1);
  });

  it('after a failed renewal, the same plan pays the open invoice and another plan is refused', async () => {
    const { agent, user, plan, subscriptionId } = await activeSubscriber('Essentials');
    const { invoice } = stripe.billing.renew(subscriptionId, 'failed');
    await deliver('invoice.payment_failed', invoice);
    expect((await agent.get('/api/subscription-status')).body.status).toBe('past_due');

    const pay = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(pay.body).toMatchObject({
      outcome: 'payment_required',
      clientSecret: invoice.confirmation_secret!.client_secret,
    });
    const other = await agent
      .post('/api/create-subscription')
      .send({ planId: (await seededPlan(t.db, 'Enterprise')).id });
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/unpaid invoice/);
    expect(subscriptionsOf(user.id)).toHaveLength(1);
  });

  it('makes a new customer when the stored one was deleted in the dashboard', async () => {
    const { agent, user } = await client();
    const plan = await seededPlan(t.db, 'Essentials');
    await agent.post('/api/create-subscription').send({ planId: plan.id });
    const first = (await User.query(t.db).findById(user.id))!.stripeCustomerId!;
    stripe.billing.deleteCustomer(first);
    const res = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(res.status).toBe(201);
    const second = (await User.query(t.db).findById(user.id))!.stripeCustomerId!;
    expect(second).not.toBe(first);
    expect(latestOf(user.id).customer).toBe(second);
  });

  it('answers 502 when Stripe is down, 503 for a plan without a Stripe price, and changes nothing', async () => {
    const { agent, user } = await client();
    const plan = await seededPlan(t.db, 'Essentials');
    stripe.failNext(3, 500);
    const down = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(down.status).toBe(502);
    expect(down.body).toEqual({ message: 'The payment provider is unavailable. Please try again in a moment.' });
    const unpriced = await buildPlan(t.db, { stripePriceId: null });
    const res = await agent.post('/api/create-subscription').send({ planId: unpriced.id });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/contact our sales team/);
    // An inactive plan is refused before anything is created at Stripe (not even the customer).
    const retired = await buildPlan(t.db, { isActive: false, stripePriceId: stripe.billing.addPrice(1000).id });
    const customers = calls('POST', '/v1/customers').length;
    expect((await agent.post('/api/create-subscription').send({ planId: retired.id })).status).toBe(404);
    expect(calls('POST', '/v1/customers')).toHaveLength(customers);
    expect(await subscriptionRows(t.db, user.id)).toHaveLength(0);
    expect(subscriptionsOf(user.id)).toHaveLength(0);
  });
});
