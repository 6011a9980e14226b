import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { clientWithPaidOrder, clientWithPendingOrder } from '../../test/order-factories';
import { setupTestApp } from '../../test/test-app';
import { Order } from './order.model';

// The demo provider: refunds are recorded at once.
const t = setupTestApp({ rateLimits: roomyRateLimits });

async function staffAgent() {
  const agent = t.agent();
  await logIn(agent, await buildUser(t.db, { accountType: 'staff' }));
  return agent;
}

const refundsOf = (orderId: string) => t.db('refunds').where({ orderId }).orderBy('createdAt');
const refundMails = (orderId: string) =>
  t.db('mails').where('idempotencyKey', 'like', 'order-refund:%').whereRaw(`data->>'orderId' = ?`, [orderId]);

async function lineIds(orderId: string) {
  const items = await t.db('order_items').where({ orderId }).orderBy('price');
  return items.map((item) => item.id as string);
}

describe('POST /api/admin/orders/{id}/refunds: who may', () => {
  it('is 401 for visitors, 403 for clients (the order’s owner too), 201 for staff', async () => {
    const order = await clientWithPaidOrder(t);
    const path = `/api/admin/orders/${order.orderId}/refunds`;
    expect((await t.request().post(path).send({ amount: '1.00' })).status).toBe(401);
    expect((await t.request().get(path)).status).toBe(401);
    const owner = await order.agent.post(path).send({ amount: '1.00' });
    expect(owner.status).toBe(403);
    expect(owner.body).toEqual({ message: 'Staff only' });
    expect((await order.agent.get(path)).status).toBe(403);
    const other = await clientWithPaidOrder(t);
    expect((await other.agent.post(path).send({ amount: '1.00' })).status).toBe(403);
    expect(await refundsOf(order.orderId)).toEqual([]);
    const staff = await staffAgent();
    expect((await staff.post(path).send({ amount: '1.00' })).status).toBe(201);
    expect((await staff.get(path)).status).toBe(200);
  });

  it('is 404 for an unknown order or a malformed id', async () => {
    const staff = await staffAgent();
    const unknown = await staff.post('/api/admin/orders/00000000-0000-4000-8000-000000000000/refunds').send({
      amount: '1.00',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Order not found' });
    expect((await staff.post('/api/admin/orders/nope/refunds').send({ amount: '1.00' })).status).toBe(404);
    expect((await staff.get('/api/admin/orders/nope/refunds')).status).toBe(404);
  });
});

describe('refunds with the demo provider', () => {
  it('refunds part of an amount at once, emails the client, and shows it to staff and to the client', async () => {
    const order = await clientWithPaidOrder(t); // $100.00 + $8.50 tax
    const staff = await staffAgent();
    const res = await staff.post(`/api/admin/orders/${order.orderId}/refunds`).send({ amount: '25.00' });
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ amount: '25.00', status: 'succeeded', provider: 'demo', items: null });
    expect(res.body).toMatchObject({ refundedAmount: '25.00', refundableAmount: '83.50' });
    const [row] = await refundsOf(order.orderId);
    expect(row.providerRefundId).toMatch(/^demo_re_/);
    expect((await Order.query(t.db).findById(order.orderId))?.status).toBe('paid');

    const [mail] = await refundMails(order.orderId);
    expect(mail).toMatchObject({ template: 'order-refund', recipient: order.user.email });
    expect(mail.data).toMatchObject({ amount: '25.00', refundedTotal: '25.00', orderTotal: '108.50', full: false });
    // On the order's timeline too, once.
    const emailed = await t.db('order_events').where({ orderId: order.orderId, type: 'email_queued' });
    expect(emailed.filter((e) => e.data.template === 'order-refund')).toEqual([
      expect.objectContaining({ data: { template: 'order-refund', to: order.user.email } }),
    ]);

    const mine = await order.agent.get(`/api/orders/${order.orderId}`);
    expect(mine.body.refundedAmount).toBe('25.00');
    expect(mine.body.refunds).toEqual([expect.objectContaining({ amount: '25.00', status: 'succeeded' })]);
  });

  it('refunds lines with their tax, and the rest in full: the order becomes refunded', async () => {
    const order = await clientWithPaidOrder(t, [
      { price: '10.00', quantity: 3 },
      { price: '50.00', quantity: 1 },
    ]); // 80.00 + 6.80 = 86.80
    const [cheap, dear] = await lineIds(order.orderId);
    const staff = await staffAgent();
    const path = `/api/admin/orders/${order.orderId}/refunds`;
    const lines = await staff.post(path).send({ items: [{ orderItemId: cheap, quantity: 2 }] });
    expect(lines.status, lines.text).toBe(201);
    // 2 × $10.00 + 8.5 % = $21.70
    expect(lines.body.refund).toMatchObject({ amount: '21.70', items: [{ orderItemId: cheap, quantity: 2 }] });
    expect(lines.body.refundedQuantities).toEqual({ [cheap!]: 2 });

    const tooMany = await staff.post(path).send({ items: [{ orderItemId: cheap, quantity: 2 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^items\.0\.quantity: only 1 more .* can be refunded$/);

    const rest = await staff.post(path).send({ amount: '65.10' });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body).toMatchObject({ refundedAmount: '86.80', refundableAmount: '0.00' });
    expect((await Order.query(t.db).findById(order.orderId))?.status).toBe('refunded');
    const mails = await refundMails(order.orderId);
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.data.amount === '65.10')?.data.full).toBe(true);

    const more = await staff.post(path).send({ items: [{ orderItemId: dear, quantity: 1 }] });
    expect(more.status).toBe(409);
    expect(more.body).toEqual({ message: 'This order has nothing left to refund.' });
  });

  it('never refunds more than was paid, even when staff refund at the same moment', async () => {
    const order = await clientWithPaidOrder(t); // $108.50
    const staff = await staffAgent();
    const path = `/api/admin/orders/${order.orderId}/refunds`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => staff.post(path).send({ amount: '30.00' })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.message).toBe('amount: at most $18.50 of this order can still be refunded');
    const rows = await refundsOf(order.orderId);
    expect(rows.map((r) => r.amount)).toEqual(['30.00', '30.00', '30.00']);
  });

  it('refuses bad requests with 400 naming the field, and changes nothing', async () => {
    const order = await clientWithPaidOrder(t);
    const other = await clientWithPaidOrder(t);
    const [otherLine] = await lineIds(other.orderId);
    const [line] = await lineIds(order.orderId);
    const staff = await staffAgent();
    const path = `/api/admin/orders/${order.orderId}/refunds`;
    const cases: [unknown, RegExp][] = [
      [{}, /^amount: Send either amount or items, not both$/],
      [{ amount: '1.00', items: [{ orderItemId: line, quantity: 1 }] }, /^items: Send either amount or items/],
      [{ amount: 'ten' }, /^amount: Enter the amount in dollars/],
      [{ amount: 10 }, /^amount: Enter the amount in dollars as text/],
      [{ amount: '0.00' }, /^amount: must be more than \$0\.00$/],
      [{ amount: '-5' }, /^amount: /],
      [{ amount: '108.51' }, /^amount: at most \$108\.50 of this order can still be refunded$/],
      [{ items: [] }, /^items: Choose at least one line/],
      [{ items: [{ orderItemId: 'x', quantity: 1 }] }, /^items\.0\.orderItemId: Invalid id$/],
      [{ items: [{ orderItemId: otherLine, quantity: 1 }] }, /^items\.0\.orderItemId: not a line of this order$/],
      [{ items: [{ orderItemId: line, quantity: 2 }] }, /^items\.0\.quantity: only 1 more .* can be refunded$/],
      [{ items: [{ orderItemId: line, quantity: 0 }] }, /^items\.0\.quantity: Quantity must be a whole number/],
      [{ amount: '1.00', price: '0.01' }, /Unrecognized key/],
    ];
    for (const [body, message] of cases) {
      const res = await staff.post(path).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await refundsOf(order.orderId)).toEqual([]);
    expect(await refundMails(order.orderId)).toEqual([]);
  });

  it('is 409 for an order that is not paid', async () => {
    const order = await clientWithPendingOrder(t);
    const staff = await staffAgent();
    const res = await staff.post(`/api/admin/orders/${order.orderId}/refunds`).send({ amount: '1.00' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This order is pending: only paid orders can be refunded.' });
    expect(await refundsOf(order.orderId)).toEqual([]);
  });
});
