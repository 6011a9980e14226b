import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { maintenanceTasks, startMaintenance } from '../../maintenance';
import { buildProduct, demoCards, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { Order } from './order.model';

const t = setupTestApp({ rateLimits: roomyRateLimits });

describe('orders left pending', () => {
  it('expire after 24 hours through the maintenance run, and can no longer be paid with the demo provider', async () => {
    const product = await buildProduct(t.db, { price: '40.00' });
    const built = await buildUser(t.db);
    const agent = t.agent();
    await logIn(agent, built);
    const place = () =>
      agent
        .post('/api/create-payment-intent')
        .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping });
    const stale = (await place()).body;
    const fresh = (await place()).body;
    const paid = (await place()).body;
    await agent.post('/api/demo-payments/confirm').send({ clientSecret: paid.clientSecret, card: demoCards.succeeds });
    await t
      .db('orders')
      .whereIn('id', [stale.order.id, paid.order.id])
      .update({ createdAt: t.db.raw(`now() - interval '25 hours'`) });

    expect(maintenanceTasks.map((task) => task.name)).toContain('orders pending for 24 hours');
    await startMaintenance(t.db, createLogger('silent'), { intervalMs: 3_600_000 }).runOnce();

    const statuses = await Order.query(t.db)
      .whereIn('id', [stale.order.id, fresh.order.id, paid.order.id])
      .then((rows) => Object.fromEntries(rows.map((row) => [row.id, row.status])));
    expect(statuses).toEqual({ [stale.order.id]: 'expired', [fresh.order.id]: 'pending', [paid.order.id]: 'paid' });

    const late = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: stale.clientSecret, card: demoCards.succeeds });
    expect(late.status).toBe(402);
    expect(late.body.message).toMatch(/can no longer be paid/);
    const again = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: stale.clientSecret, card: demoCards.succeeds });
    expect(again.status).toBe(400);
    expect((await Order.query(t.db).findById(stale.order.id))?.status).toBe('expired');
  });
});
