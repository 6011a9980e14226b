import { describe, expect, it } from 'vitest';
import { demoCards } from '../../test/commerce-factories';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { buildPlan, loggedInClient, seededPlan, subscriptionRows } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp({ rateLimits: { ...roomyRateLimits, paymentIntentsPerUser: limitInOneWindow(40) } });

const client = () => loggedInClient(t);

const nothingWritten = async (userId: string) => {
  expect(await subscriptionRows(t.db, userId)).toHaveLength(0);
  expect(await t.db('demo_payments').where({ userId })).toHaveLength(0);
};

describe('bad subscription input: 4xx { message } and nothing changes', () => {
  it('refuses missing, malformed, unknown and inactive plans', async () => {
    const { agent, user } = await client();
    const inactive = await buildPlan(t.db, { isActive: false });
    const plan = await seededPlan(t.db, 'Professional');
    const cases: [string, unknown, number, string | RegExp][] = [
      ['no body', undefined, 400, 'planId: Choose a plan'],
      ['an empty object', {}, 400, 'planId: Choose a plan'],
      ['a non-uuid id', { planId: 'professional' }, 400, 'planId: Invalid plan id'],
      ['a number', { planId: 42 }, 400, 'planId: Invalid plan id'],
      ['an array', { planId: [plan.id] }, 400, 'planId: Invalid plan id'],
      ['null', { planId: null }, 400, 'planId: Invalid plan id'],
      ['a huge string', { planId: 'x'.repeat(90_000) }, 400, 'planId: Invalid plan id'],
      ['a NUL character', { planId: `${plan.id}\u0000` }, 400, 'planId: contains invalid characters'],
      ['an unknown field', { planId: plan.id, price: '1.00' }, 400, /price/],
      ['a JSON array', [plan.id], 400, /expected object/],
      ['an unknown plan', { planId: '00000000-0000-4000-8000-000000000000' }, 404, /no longer offered/],
      ['an inactive plan', { planId: inactive.id }, 404, /no longer offered/],
    ];
    for (const [label, body, status, message] of cases) {
      const res =
        body === undefined
          ? await agent.post('/api/create-subscription')
          : await agent.post('/api/create-subscription').send(body as object);
      expect(res.status, label).toBe(status);
      expect(res.body.message, label).toMatch(message);
    }
    const text = await agent.post('/api/create-subscription').set('Content-Type', 'text/plain').send(plan.id);
    expect(text.status).toBe(415);
    const broken = await agent
      .post('/api/create-subscription')
      .set('Content-Type', 'application/json')
      .send('{"planId":');
    expect(broken.status).toBe(400);
    await nothingWritten(user.id);
  });

  it('requires login for status, subscribing and cancelling', async () => {
    const plan = await seededPlan(t.db, 'Essentials');
    expect((await t.request().get('/api/subscription-status')).status).toBe(401);
    expect((await t.request().post('/api/create-subscription').send({ planId: plan.id })).status).toBe(401);
    const cancel = await t.request().post('/api/cancel-subscription');
    expect(cancel.status).toBe(401);
    expect(cancel.body).toEqual({ message: 'Unauthorized' });
  });

  it('cancels only the caller’s own subscription: no id can be passed, and nothing to cancel is a 404', async () => {
    const owner = await client();
    const plan = await seededPlan(t.db, 'Essentials');
    const started = await owner.agent.post('/api/create-subscription').send({ planId: plan.id });
    await owner.agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: started.body.clientSecret, card: demoCards.succeeds });
    const [row] = await subscriptionRows(t.db, owner.user.id);

    const other = await client();
    const aimed = await other.agent
      .post('/api/cancel-subscription')
      .send({ subscriptionId: row.providerSubscriptionId });
    expect(aimed.status).toBe(400);
    expect(aimed.body.message).toMatch(/subscriptionId/);
    const none = await other.agent.post('/api/cancel-subscription');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'You have no active subscription to cancel.' });
    // Someone else's payment cannot be confirmed either.
    const foreign = await other.agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: started.body.clientSecret, card: demoCards.succeeds });
    expect(foreign.status).toBe(404);

    const [after] = await subscriptionRows(t.db, owner.user.id);
    expect(after).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, updatedAt: row.updatedAt });
    await nothingWritten(other.user.id);
  });

  it('cannot cancel a subscription that was never paid', async () => {
    const { agent } = await client();
    await agent.post('/api/create-subscription').send({ planId: (await seededPlan(t.db, 'Essentials')).id });
    expect((await agent.post('/api/cancel-subscription')).status).toBe(404);
  });

  it('limits how often one user may start payments', async () => {
    const { agent, user } = await client();
    const plan = await seededPlan(t.db, 'Essentials');
    for (let i = 0; i < 40; i += 1) await agent.post('/api/create-subscription').send({ planId: plan.id });
    const limited = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await subscriptionRows(t.db, user.id)).toHaveLength(1);
  });
});
