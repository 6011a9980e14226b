import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildProduct, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { loggedInClient } from '../../test/order-factories';
import { FAKE_STRIPE_KEYS, postSignedEvent, signedEvent, startStripeFake } from '../../test/stripe-fake';
import { setupTestApp } from '../../test/test-app';
import { Order } from './order.model';

// The real `stripe` SDK against the local fake of Stripe's API, which also sends the refund webhooks.
const stripe = await startStripeFake();
afterAll(() => stripe.close());
const t = setupTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }, rateLimits: roomyRateLimits });

beforeEach(() => stripe.reset());

/** Delivers the fake's events to the app's webhook, as Stripe would. */
const deliver = async (event: { type: string; object: unknown }) => {
  const res = await postSignedEvent(t, signedEvent(event.type, event.object));
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
  return res.body.result as string;
};

/** A client's order paid through Stripe: checkout, the intent settled, its webhook delivered. */
async function paidStripeOrder(price = '100.00') {
  const product = await buildProduct(t.db, { price });
  const client = await loggedInClient(t);
  const res = await client.agent
    .post('/api/create-payment-intent')
    .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping });
  expect(res.status).toBe(201);
  const orderId = res.body.order.id as string;
  const order = await Order.query(t.db).findById(orderId);
  const intent = stripe.settle(order!.providerPaymentId!, 'succeeded');
  await deliver({ type: 'payment_intent.succeeded', object: intent });
  expect((await Order.query(t.db).findById(orderId))?.status).toBe('paid');
  return { ...client, orderId, intentId: intent.id };
}

async function staffAgent() {
  const agent = t.agent();
  await logIn(agent, await buildUser(t.db, { accountType: 'staff' }));
  return agent;
}

const refundsOf = (orderId: string) => t.db('refunds').where({ orderId }).orderBy('createdAt');
const refundMails = (orderId: string) =>
  t.db('mails').where('idempotencyKey', 'like', 'order-refund:%').whereRaw(`data->>'orderId' = ?`, [orderId]);

describe('refunds through Stripe', () => {
  it('asks Stripe with an idempotency key and our ids, and records the refund when its webhooks arrive', async () => {
    const order = await paidStripeOrder();
    stripe.webhooks = { deliver, timing: 'after-answer' };
    const staff = await staffAgent();
    const res = await staff.post(`/api/admin/orders/${order.orderId}/refunds`).send({ amount: '40.00' });
    expect(res.status).toBe(201);
    const refundId = res.body.refund.id as string;
    const [call] = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(call).toMatchObject({
      idempotencyKey: `refund-${refundId}`,
      params: {
        payment_intent: order.intentId,
        amount: '4000',
        metadata: { purpose: 'order', order_id: order.orderId, refund_id: refundId },
      },
    });
    await stripe.delivered();
    expect(stripe.sentEvents.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    const rows = await refundsOf(order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: refundId, status: 'succeeded', amount: '40.00' });
    expect(rows[0].providerRefundId).toMatch(/^re_/);
    expect(await refundMails(order.orderId)).toHaveLength(1);
    // charge.refunded carries no refund list: the app asked Stripe for the charge's refunds.
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/refunds')).toBe(true);
  });

  it('records a refund once when its webhooks arrive twice and before the API call is answered', async () => {
    const order = await paidStripeOrder();
    stripe.webhooks = { deliver, timing: 'before-answer', times: 2 };
    const staff = await staffAgent();
    const res = await staff.post(`/api/admin/orders/${order.orderId}/refunds`).send({ amount: '108.50' });
    expect(res.status).toBe(201);
    // The webhooks came first and settled it; the answer shows that.
    expect(res.body.refund).toMatchObject({ status: 'succeeded', amount: '108.50' });
    expect(res.body).toMatchObject({ refundedAmount: '108.50', refundableAmount: '0.00' });
    expect(stripe.sentEvents.map((e) => e.type)).toEqual([
      'refund.created',
      'refund.created',
      'charge.refunded',
      'charge.refunded',
    ]);
    const rows = await refundsOf(order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0].providerRefundId).toBe([...stripe.refunds.keys()][0]);
    expect(await refundMails(order.orderId)).toHaveLength(1);
    expect((await Order.query(t.db).findById(order.orderId))?.status).toBe('refunded');
  });

  it('keeps a refund pending until Stripe says it succeeded or failed; a failed one frees its amount', async () => {
    const order = await paidStripeOrder();
    stripe.refundStatus = 'pending';
    stripe.webhooks = { deliver, timing: 'after-answer' };
    const staff = await staffAgent();
    const path = `/api/admin/orders/${order.orderId}/refunds`;
    const res = await staff.post(path).send({ amount: '100.00' });
    expect(res.body.refund.status).toBe('pending');
    await stripe.delivered();
    expect((await staff.get(path)).body).toMatchObject({ refundedAmount: '0.00', refundableAmount: '8.50' });
    expect(await refundMails(order.orderId)).toHaveLength(0);

    const [stripeRefund] = [...stripe.refunds.values()];
    await stripe.updateRefund(stripeRefund!.id, 'failed', 'expired_or_canceled_card');
    const after = (await staff.get(path)).body;
    expect(after).toMatchObject({ refundedAmount: '0.00', refundableAmount: '108.50' });
    expect(after.refunds[0]).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(await refundMails(order.orderId)).toHaveLength(0);
  });

  it('records a refund made in Stripe’s dashboard, and says so when Stripe refuses one', async () => {
    const order = await paidStripeOrder();
    stripe.webhooks = { deliver, timing: 'after-answer' };
    // Someone refunds $100.00 in the dashboard (no metadata of ours).
    const sdk = new Stripe(FAKE_STRIPE_KEYS.secretKey, {
      protocol: 'http',
      host: '127.0.0.1',
      port: Number(new URL(stripe.url).port),
    });
    stripe.webhooks = null;
    await sdk.refunds.create({ payment_intent: order.intentId, amount: 10_000 });
    const staff = await staffAgent();
    const path = `/api/admin/orders/${order.orderId}/refunds`;
    // Its webhook has not arrived: we think $108.50 is left, Stripe knows $8.50 is.
    const refused = await staff.post(path).send({ amount: '50.00' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The payment provider refused the refund: Refund amount ($50.00) is greater than unrefunded amount on charge ($8.50)',
    );
    const [failed] = await refundsOf(order.orderId);
    expect(failed).toMatchObject({ status: 'failed', amount: '50.00' });

    // The dashboard refund's webhook arrives: recorded, without a staff member.
    const [dashboard] = [...stripe.refunds.values()];
    expect(await deliver({ type: 'refund.created', object: dashboard })).toBe('processed');
    const body = (await staff.get(path)).body;
    expect(body).toMatchObject({ refundedAmount: '100.00', refundableAmount: '8.50' });
    const recorded = (await refundsOf(order.orderId)).find((r) => r.providerRefundId === dashboard!.id);
    expect(recorded).toMatchObject({ status: 'succeeded', amount: '100.00', requestedBy: null });
  });

  it('says 502 and records nothing refunded when Stripe cannot be reached', async () => {
    const order = await paidStripeOrder();
    stripe.failNext(5, 500);
    const staff = await staffAgent();
    const res = await staff.post(`/api/admin/orders/${order.orderId}/refunds`).send({ amount: '10.00' });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'The payment provider is unavailable. Nothing was refunded; please try again in a moment.',
    );
    const [row] = await refundsOf(order.orderId);
    expect(row).toMatchObject({ status: 'failed' });
    expect((await staff.get(`/api/admin/orders/${order.orderId}/refunds`)).body.refundableAmount).toBe('108.50');
  });
});
