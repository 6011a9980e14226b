import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { clientWithPendingOrder, loggedInClient, pendingOrderOf, type TestClient } from '../../test/order-factories';
import { FAKE_STRIPE_KEYS, postSignedEvent, signedEvent, startStripeFake } from '../../test/stripe-fake';
import { setupTestApp } from '../../test/test-app';
import { createStripeClient } from '../payments/stripe-client';
import { StripePaymentProvider } from '../payments/stripe-provider';
import { Order } from './order.model';
import { sendUnsentRefunds } from './refunds';

/*
 * A Stripe payment whose webhook arrives before, after or during a
 * cancellation, and payments that arrive for an order already paid: money
 * received is never dropped (see payment-races.test.ts for the demo provider).
 */

const RACES = 12;

// The real `stripe` SDK against the local fake of Stripe's API, which also sends the refund webhooks.
const stripe = await startStripeFake();
afterAll(() => stripe.close());
const t = setupTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }, rateLimits: roomyRateLimits });
beforeEach(() => stripe.reset());

describe('Stripe: the payment webhook before, after and during a cancellation', () => {
  const deliver = async (event: { type: string; object: unknown }) => {
    const res = await postSignedEvent(t, signedEvent(event.type, event.object));
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
    return res.body.result as string;
  };

  async function pendingStripeOrder(client?: TestClient) {
    const order = client ? await pendingOrderOf(t, client) : await clientWithPendingOrder(t);
    const row = (await Order.query(t.db).findById(order.orderId))!;
    return { ...order, intentId: row.providerPaymentId! };
  }

  const succeeded = (intentId: string) => signedEvent('payment_intent.succeeded', stripe.settle(intentId, 'succeeded'));
  const refundsOf = (orderId: string) => t.db('refunds').where({ orderId }).orderBy('createdAt');
  const mailsOf = (template: string, orderId: string) =>
    t.db('mails').where({ template }).whereRaw(`data->>'orderId' = ?`, [orderId]);
  const timeline = async (orderId: string) =>
    (await t.db('order_events').where({ orderId }).orderBy('createdAt')).map((e) => e.type as string);

  it('webhook first: the order is paid and the cancellation is refused with 409', async () => {
    const order = await pendingStripeOrder();
    expect((await postSignedEvent(t, succeeded(order.intentId))).status).toBe(200);
    const cancel = await order.agent.post(`/api/orders/${order.orderId}/cancel`);
    expect(cancel.status).toBe(409);
    expect((await Order.query(t.db).findById(order.orderId))?.status).toBe('paid');
    expect(await refundsOf(order.orderId)).toHaveLength(0);
  });

  it('webhook after the cancellation: the payment is recorded, refunded in full at once, and everyone is told', async () => {
    stripe.webhooks = { deliver, timing: 'after-answer' };
    await buildUser(t.db, { accountType: 'staff', email: 'orders-desk@example.com' });
    const order = await pendingStripeOrder();
    expect((await order.agent.post(`/api/orders/${order.orderId}/cancel`)).status).toBe(200);
    const event = succeeded(order.intentId);
    expect((await postSignedEvent(t, event)).body.result).toBe('processed');
    await stripe.delivered();

    // Cancelled, then refunded in full: the order ends `refunded`, as a paid order cancelled by staff does.
    const row = (await Order.query(t.db).findById(order.orderId))!;
    expect(row.status).toBe('refunded');
    expect(row.paidAt).not.toBeNull();
    expect(row.providerPaymentId).toBe(order.intentId);
    expect(await t.db('invoices').where({ orderId: row.id })).toHaveLength(1);
    const [refund, ...others] = await refundsOf(order.orderId);
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({ amount: row.totalAmount, status: 'succeeded', requestedBy: null, paymentId: null });
    expect(refund.reason).toMatch(/after the order was cancelled/);
    const [call, ...moreCalls] = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(moreCalls).toHaveLength(0);
    expect(call).toMatchObject({
      idempotencyKey: `refund-${refund.id}`,
      params: { payment_intent: order.intentId, metadata: { order_id: order.orderId, refund_id: refund.id } },
    });
    expect(await timeline(order.orderId)).toEqual(
      expect.arrayContaining(['status_changed', 'paid', 'refund_requested', 'email_queued', 'refunded']),
    );
    expect(await mailsOf('order-paid-after-cancellation', order.orderId)).toHaveLength(1);
    expect(await mailsOf('staff-payment-after-cancellation', order.orderId)).toHaveLength(1);
    expect(await mailsOf('order-refund', order.orderId)).toHaveLength(1);
    const staffEvents = await t.db('order_events').where({ orderId: order.orderId, type: 'paid' });
    expect(staffEvents[0].data).toMatchObject({ afterCancellation: true });
    // The audit log names the application itself as the one who refunded (decision 168).
    expect(await t.db('audit_log').where({ action: 'refund.created', recordId: refund.id })).toEqual([
      expect.objectContaining({
        actorId: null,
        actorName: 'automatic refund',
        actorRole: 'system',
        recordType: 'refund',
        after: expect.objectContaining({ orderId: order.orderId, amount: row.totalAmount, reason: refund.reason }),
      }),
    ]);

    // Stripe delivers the payment again (same event, then under a new id): nothing more happens.
    expect((await postSignedEvent(t, event)).body.result).toBe('duplicate');
    expect((await postSignedEvent(t, succeeded(order.intentId))).body.result).toBe('processed');
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect(await mailsOf('order-paid-after-cancellation', order.orderId)).toHaveLength(1);
    // The money received was invoiced, and its automatic refund credited: one credit note for the whole invoice.
    const invoice = await t.db('invoices').where({ orderId: order.orderId }).first();
    const notes = await t.db('credit_notes').where({ invoiceId: invoice.id });
    expect(notes).toEqual([expect.objectContaining({ sourceId: `refund:${refund.id}`, total: row.totalAmount })]);
  });

  it(`webhook and cancellation at the same moment, ${RACES} times: never a cancelled order holding money`, async () => {
    stripe.webhooks = { deliver, timing: 'after-answer' };
    const client = await loggedInClient(t);
    for (let attempt = 0; attempt < RACES; attempt += 1) {
      const order = await pendingStripeOrder(client);
      const [cancel, hook] = await Promise.all([
        order.agent.post(`/api/orders/${order.orderId}/cancel`),
        postSignedEvent(t, succeeded(order.intentId)),
      ]);
      await stripe.delivered();
      expect(hook.status).toBe(200);
      const row = (await Order.query(t.db).findById(order.orderId))!;
      const refunds = await refundsOf(order.orderId);
      if (cancel.status === 409) {
        expect(row.status).toBe('paid');
        expect(refunds).toHaveLength(0);
      } else {
        expect(cancel.status).toBe(200);
        expect(row.status).toBe('refunded');
        expect(refunds).toHaveLength(1);
        expect(refunds[0]).toMatchObject({ status: 'succeeded', amount: row.totalAmount });
      }
      expect(row.paidAt).not.toBeNull();
    }
  }, 120_000);

  it('staff cancelling a pending order meanwhile is the same: the late payment is returned', async () => {
    stripe.webhooks = { deliver, timing: 'before-answer' };
    const order = await pendingStripeOrder();
    const staff = t.agent();
    await logIn(staff, await buildUser(t.db, { accountType: 'staff' }));
    expect((await staff.patch(`/api/admin/orders/${order.orderId}`).send({ status: 'cancelled' })).status).toBe(200);
    await postSignedEvent(t, succeeded(order.intentId));
    await stripe.delivered();
    const [refund] = await refundsOf(order.orderId);
    expect(refund).toMatchObject({ status: 'succeeded', requestedBy: null });
    const details = await staff.get(`/api/admin/orders/${order.orderId}/refunds`);
    expect(details.body.refunds[0].reason).toMatch(/after the order was cancelled/);
    expect(details.body.refundableAmount).toBe('0.00');
  });

  it('an automatic refund Stripe cannot take now stays pending and is sent again by the sweep, once', async () => {
    stripe.webhooks = { deliver, timing: 'after-answer' };
    const order = await pendingStripeOrder();
    await order.agent.post(`/api/orders/${order.orderId}/cancel`);
    const event = succeeded(order.intentId);
    stripe.failNext(5, 500); // more than the SDK's retries
    expect((await postSignedEvent(t, event)).status).toBe(200);
    const [pending] = await refundsOf(order.orderId);
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: null });

    const provider = new StripePaymentProvider(createStripeClient(t.deps.config)!, FAKE_STRIPE_KEYS.publishableKey);
    const deps = { db: t.db, provider, logger: t.deps.logger };
    expect(await sendUnsentRefunds(deps, 60_000)).toBe(0); // too young for the sweep
    expect(await sendUnsentRefunds(deps, 0)).toBe(1);
    await stripe.delivered();
    expect(await sendUnsentRefunds(deps, 0)).toBe(0);
    const [sent, ...others] = await refundsOf(order.orderId);
    expect(others).toHaveLength(0);
    expect(sent).toMatchObject({ id: pending.id, status: 'succeeded' });
  });

  it('a payment replaced by Pay now still pays the order; a second payment of a paid order is returned', async () => {
    stripe.webhooks = { deliver, timing: 'after-answer' };
    const order = await pendingStripeOrder();
    const again = await order.agent.post(`/api/orders/${order.orderId}/payment`);
    expect(again.status).toBe(201);
    const replacement = (await Order.query(t.db).findById(order.orderId))!.providerPaymentId!;
    expect(replacement).not.toBe(order.intentId);

    // The buyer finishes the first payment in another tab: it is this order's money, so it pays the order.
    await postSignedEvent(t, succeeded(order.intentId));
    let row = (await Order.query(t.db).findById(order.orderId))!;
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: order.intentId });

    // Then the second one too: the order was paid twice, and the second payment is returned in full.
    await postSignedEvent(t, succeeded(replacement));
    await stripe.delivered();
    row = (await Order.query(t.db).findById(order.orderId))!;
    expect(row.status).toBe('paid');
    const [refund, ...others] = await refundsOf(order.orderId);
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({ paymentId: replacement, status: 'succeeded', amount: row.totalAmount });
    const [call] = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(call?.params).toMatchObject({ payment_intent: replacement });
    // The order's own payment is untouched: all of it can still be refunded by staff.
    const staffView = await t.db('refunds').where({ orderId: order.orderId, paymentId: null });
    expect(staffView).toHaveLength(0);
    expect(await timeline(order.orderId)).toContain('second_payment');
    const mails = await mailsOf('order-paid-after-cancellation', order.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0].data).toMatchObject({ why: 'second_payment' });
  });
});
