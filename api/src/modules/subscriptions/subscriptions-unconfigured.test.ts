import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { loggedInClient, seededPlan } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';

// Production without Stripe keys: the plans are shown, nobody can subscribe online.
const t = setupTestApp({ env: 'production', rateLimits: roomyRateLimits });

describe('subscriptions without a payment provider', () => {
  it('lists the plans, reports no subscription, and answers 503 to subscribing and cancelling', async () => {
    expect((await t.request().get('/api/subscription-plans')).body).toHaveLength(3);
    const { agent } = await loggedInClient(t);
    expect((await agent.get('/api/subscription-status')).body).toEqual({
      status: 'none',
      plan: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    const plan = await seededPlan(t.db, 'Professional');
    const res = await agent.post('/api/create-subscription').send({ planId: plan.id });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The subscription system is not configured.' });
    // Bad input is still bad input.
    expect((await agent.post('/api/create-subscription').send({ planId: 'x' })).status).toBe(400);
    expect((await agent.post('/api/cancel-subscription')).status).toBe(503);
    expect(await t.db('subscriptions')).toHaveLength(0);
  });
});
