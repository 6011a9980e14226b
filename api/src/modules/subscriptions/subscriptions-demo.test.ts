import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { demoCards } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildPlan, loggedInClient, seededPlan, subscriptionRows } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { User } from '../users/user.model';
import { addInterval } from './billing-periods';
import { advanceDemoSubscriptions } from './demo-subscription-payments';
import { SubscriptionPlan } from './subscription-plan.model';

// No Stripe keys outside production: the demo provider.
const t = setupTestApp({ rateLimits: roomyRateLimits });
const quiet = createLogger('silent');
const DAY = 24 * 60 * 60 * 1000;

const client = () => loggedInClient(t);

type Agent = Awaited<ReturnType<typeof client>>['agent'];

const pay = (agent: Agent, clientSecret: string, card: object = demoCards.succeeds) =>
  agent.post('/api/demo-payments/confirm').send({ clientSecret, card });

/** Subscribes and pays the first payment with the demo card form's test card. */
async function subscribed(planName: 'Essentials' | 'Professional' | 'Enterprise' = 'Professional') {
  const { agent, user } = await client();
  const plan = await seededPlan(t.db, planName);
  const res = await agent.post('/api/create-subscription').send({ planId: plan.id });
  expect(res.status).toBe(201);
  expect((await pay(agent, res.body.clientSecret)).status).toBe(200);
  return { agent, user, plan };
}

const statusOf = async (agent: Agent) => (await agent.get('/api/subscription-status')).body;

describe('GET /api/subscription-plans', () => {
  it('lists the active plans, cheapest first, with the spec fields; Professional is seeded', async () => {
    const hidden = await buildPlan(t.db, { isActive: false });
    const res = await t.request().get('/api/subscription-plans');
    expect(res.status).toBe(200);
    const names = res.body.map((plan: { name: string }) => plan.name);
    expect(names.slice(0, 3)).toEqual(['Essentials', 'Professional', 'Enterprise']);
    expect(names).not.toContain(hidden.name);
    const professional = res.body.find((plan: { name: string }) => plan.name === 'Professional');
    expect(professional).toEqual({
      id: expect.any(String),
      name: 'Professional',
      description: expect.stringContaining('managed IT'),
      price: '1299.00',
      interval: 'month',
      stripePriceId: null,
      features: expect.arrayContaining(['24/7 help desk by phone, email and chat']),
      isActive: true,
      createdAt: expect.any(String),
    });
    for (const plan of res.body) expect(plan.features.length).toBeGreaterThanOrEqual(5);
  });
});

describe('subscribing with the demo provider', () => {
  it('starts incomplete, becomes active on the first payment, and answers the spec status shape', async () => {
    const { agent, user } = await client();
    expect(await statusOf(agent)).toEqual({
      status: 'none',
      plan: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    const plan = await seededPlan(t.db, 'Professional');
    const res = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      outcome: 'payment_required',
      clientSecret: expect.stringMatching(/^demo_pi_.+_secret_.+/),
      subscription: { status: 'none', plan: null, currentPeriodEnd: null, cancelAtPeriodEnd: false },
    });
    const paymentId = res.body.clientSecret.split('_secret_')[0];
    const payment = await t.db('demo_payments').where({ id: paymentId }).first();
    expect(payment).toMatchObject({ amount: 129900, currency: 'usd', userId: user.id });
    expect(payment.metadata).toMatchObject({ purpose: 'subscription', plan_id: plan.id, user_id: user.id });
    const [pending] = await subscriptionRows(t.db, user.id);
    expect(pending).toMatchObject({
      status: 'incomplete',
      provider: 'demo',
      planId: plan.id,
      latestInvoiceId: paymentId,
    });

    const declined = await pay(agent, res.body.clientSecret, demoCards.declined);
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: 'Your card was declined.' });
    expect((await statusOf(agent)).status).toBe('none');

    const before = Math.floor(Date.now() / 1000);
    expect((await pay(agent, res.body.clientSecret)).status).toBe(200);
    const status = await statusOf(agent);
    expect(status).toEqual({
      status: 'active',
      plan: 'Professional',
      currentPeriodEnd: expect.any(Number),
      cancelAtPeriodEnd: false,
    });
    const expectedEnd = Math.floor(addInterval(new Date(before * 1000), 'month').getTime() / 1000);
    expect(status.currentPeriodEnd).toBeGreaterThanOrEqual(expectedEnd);
    expect(status.currentPeriodEnd).toBeLessThan(expectedEnd + 60);

    // The spec's user columns follow the subscription.
    const row = await User.query(t.db).findById(user.id);
    expect(row).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'Professional',
      stripeSubscriptionId: null,
    });
  });

  it('refuses the plan one already has, switches to another without a new payment, and never keeps two', async () => {
    const { agent, user, plan } = await subscribed('Professional');
    const payments = async () => (await t.db('demo_payments').where({ userId: user.id })).length;
    const paid = await payments();

    const same = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(same.status).toBe(409);
    expect(same.body).toEqual({ message: 'You are already subscribed to the Professional plan.' });

    const essentials = await seededPlan(t.db, 'Essentials');
    const switched = await agent.post('/api/create-subscription').send({ planId: essentials.id });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({
      outcome: 'switched',
      clientSecret: null,
      subscription: { status: 'active', plan: 'Essentials' },
    });
    expect(await payments()).toBe(paid);
    const rows = await subscriptionRows(t.db, user.id);
    expect(rows).toHaveLength(1);
    expect((await User.query(t.db).findById(user.id))?.subscriptionPlan).toBe('Essentials');
  });

  it('cancels at the period end, refuses to cancel twice, and resumes without a charge when subscribing again', async () => {
    const { agent, user, plan } = await subscribed('Enterprise');
    const active = await statusOf(agent);

    const canceled = await agent.post('/api/cancel-subscription');
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({ ...active, cancelAtPeriodEnd: true });
    expect(await statusOf(agent)).toEqual({ ...active, cancelAtPeriodEnd: true });

    const twice = await agent.post('/api/cancel-subscription').send({});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already canceled/);

    const payments = (await t.db('demo_payments').where({ userId: user.id })).length;
    const resumed = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ outcome: 'resumed', clientSecret: null, subscription: active });
    expect((await t.db('demo_payments').where({ userId: user.id })).length).toBe(payments);
    expect(await subscriptionRows(t.db, user.id)).toHaveLength(1);
  });

  it('resuming with another plan also switches it', async () => {
    const { agent } = await subscribed('Essentials');
    await agent.post('/api/cancel-subscription');
    const professional = await seededPlan(t.db, 'Professional');
    const res = await agent.post('/api/create-subscription').send({ planId: professional.id });
    expect(res.body).toMatchObject({
      outcome: 'resumed',
      subscription: { plan: 'Professional', cancelAtPeriodEnd: false },
    });
  });

  it('reuses a subscription still waiting for its first payment, and gives it up for another plan', async () => {
    const { agent, user } = await client();
    const essentials = await seededPlan(t.db, 'Essentials');
    const first = await agent.post('/api/create-subscription').send({ planId: essentials.id });
    const second = await agent.post('/api/create-subscription').send({ planId: essentials.id });
    expect(second.body.outcome).toBe('payment_required');
    expect(second.body.clientSecret).not.toBe(first.body.clientSecret);
    expect(await subscriptionRows(t.db, user.id)).toHaveLength(1);
    // Only the newest payment counts: an older page cannot pay it any more.
    const stale = await pay(agent, first.body.clientSecret);
    expect(stale.status).toBe(402);
    expect(stale.body.message).toMatch(/no longer needed/);

    const professional = await seededPlan(t.db, 'Professional');
    const other = await agent.post('/api/create-subscription').send({ planId: professional.id });
    expect(other.status).toBe(201);
    const rows = await subscriptionRows(t.db, user.id);
    expect(rows.map((row) => [row.planId, row.status])).toEqual([
      [professional.id, 'incomplete'],
      [essentials.id, 'incomplete_expired'],
    ]);
    expect((await pay(agent, second.body.clientSecret)).status).toBe(402);
    expect((await pay(agent, other.body.clientSecret)).status).toBe(200);
    expect(await statusOf(agent)).toMatchObject({ status: 'active', plan: 'Professional' });
  });

  it('lets a client keep (renew) a plan that is no longer offered, but nobody can newly choose it', async () => {
    const { agent } = await client();
    const retiring = await buildPlan(t.db, { price: '250.00' });
    const started = await agent.post('/api/create-subscription').send({ planId: retiring.id });
    await pay(agent, started.body.clientSecret);
    await agent.post('/api/cancel-subscription');
    await SubscriptionPlan.query(t.db).patch({ isActive: false }).where({ id: retiring.id });

    const renewed = await agent.post('/api/create-subscription').send({ planId: retiring.id });
    expect(renewed.body).toMatchObject({
      outcome: 'resumed',
      subscription: { plan: retiring.name, cancelAtPeriodEnd: false },
    });
    const newcomer = await client();
    const refused = await newcomer.agent.post('/api/create-subscription').send({ planId: retiring.id });
    expect(refused.status).toBe(404);
  });

  it('activates a free plan at once, with nothing to pay', async () => {
    const { agent } = await client();
    const free = await buildPlan(t.db, { price: '0.00' });
    const res = await agent.post('/api/create-subscription').send({ planId: free.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      outcome: 'activated',
      clientSecret: null,
      subscription: { status: 'active', plan: free.name },
    });
  });
});

describe('demo renewals (maintenance)', () => {
  it('renews at the period end, ends a cancelling subscription, and expires an unpaid one after 23 hours', async () => {
    const renewing = await subscribed('Essentials');
    const ending = await subscribed('Professional');
    await ending.agent.post('/api/cancel-subscription');
    const { agent: abandoner, user: abandonerUser } = await client();
    await abandoner.post('/api/create-subscription').send({ planId: (await seededPlan(t.db, 'Enterprise')).id });

    const [row] = await subscriptionRows(t.db, renewing.user.id);
    const later = new Date(row.currentPeriodEnd.getTime() + DAY);
    expect(await advanceDemoSubscriptions(t.db, quiet, later)).toBeGreaterThanOrEqual(3);

    const [renewed] = await subscriptionRows(t.db, renewing.user.id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodStart).toEqual(row.currentPeriodEnd);
    expect(renewed.currentPeriodEnd).toEqual(addInterval(row.currentPeriodStart, 'month', 2));
    expect(await statusOf(ending.agent)).toEqual({
      status: 'none',
      plan: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect((await User.query(t.db).findById(ending.user.id))?.subscriptionStatus).toBe('canceled');
    const [expired] = await subscriptionRows(t.db, abandonerUser.id);
    expect(expired.status).toBe('incomplete_expired');

    // Nothing is due any more: running again changes nothing.
    expect(await advanceDemoSubscriptions(t.db, quiet, later)).toBe(0);
    // An ended subscription never comes back; the client can subscribe anew.
    const again = await ending.agent.post('/api/create-subscription').send({ planId: ending.plan.id });
    expect(again.body.outcome).toBe('payment_required');
  });
});
