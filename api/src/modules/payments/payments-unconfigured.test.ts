import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';

// Production without Stripe keys: no demo provider, payments are not configured.
const t = setupTestApp({ env: 'production', rateLimits: roomyRateLimits });

describe('payments without configuration', () => {
  it('shows "not configured", charges nothing and exposes no demo or webhook endpoint', async () => {
    expect((await t.request().get('/api/payment-config')).body).toEqual({ provider: 'none' });
    const built = await buildUser(t.db);
    const agent = t.agent();
    await logIn(agent, built);
    const res = await agent
      .post('/api/create-payment-intent')
      .send({ amount: 19900, description: 'Technical Consultation - 1 Hour' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The payment system is not configured.' });
    expect((await agent.post('/api/demo-payments/confirm').send({})).status).toBe(404);
    expect((await t.request().post('/api/stripe/webhook').send({})).status).toBe(404);
    expect(await t.db('demo_payments')).toHaveLength(0);
  });
});
