import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildProduct, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { FAKE_STRIPE_KEYS, postSignedEvent, signedEvent, startStripeFake } from '../../test/stripe-fake';
import { setupTestApp } from '../../test/test-app';
import { Order } from '../orders/order.model';

// The real `stripe` SDK, pointed at a local fake of Stripe's API.
const stripe = await startStripeFake();
afterAll(() => stripe.close());
const t = setupTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }, rateLimits: roomyRateLimits });

beforeEach(() => stripe.reset());

async function checkout(price = '100.00', quantity = 1) {
  const product = await buildProduct(t.db, { price });
  const built = await buildUser(t.db, { email: `${uniqueName('buyer')}@example.com` });
  const agent = t.agent();
  await logIn(agent, built);
  const res = await agent
    .post('/api/create-payment-intent')
    .send({ items: [{ id: product.id, quantity }], shipping: validShipping });
  return { res, agent, user: built.user, product };
}

const postEvent = (event: { payload: string; signature: string }) => postSignedEvent(t, event);

const statusOf = async (orderId: string) => (await Order.query(t.db).findById(orderId))?.status;

describe('Stripe PaymentIntents', () => {
  it('tells the browser to use Stripe with the publishable key', async () => {
    const res = await t.request().get('/api/payment-config');
    expect(res.body).toEqual({ provider: 'stripe', publishableKey: FAKE_STRIPE_KEYS.publishableKey });
  });

  it('creates a PaymentIntent for the server’s total, with automatic payment methods, the order id and an idempotency key', async () => {
    const { res, user } = await checkout('19.99', 3);
    expect(res.status).toBe(201);
    const orderId = res.body.order.id as string;
    const calls = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: `order-${orderId}`,
      params: {
        amount: '6507',
        currency: 'usd',
        automatic_payment_methods: { enabled: 'true' },
        metadata: { purpose: 'order', order_id: orderId, user_id: user.id },
      },
    });
    const intent = [...stripe.intents.values()][0]!;
    expect(res.body.clientSecret).toBe(intent.client_secret);
    const order = await Order.query(t.db).findById(orderId);
    expect(order).toMatchObject({ paymentProvider: 'stripe', stripePaymentId: intent.id, status: 'pending' });
  });

  it('leaves no order behind when Stripe is unavailable, and says so with 502', async () => {
    // More failures than the SDK's retries.
    stripe.failNext(5, 500);
    const { res, user } = await checkout();
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: 'The payment provider is unavailable. Please try again in a moment.' });
    expect(await Order.query(t.db).where({ userId: user.id })).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('marks the order paid only from a verified payment_intent.succeeded, once', async () => {
    const { res } = await checkout('250.00');
    const orderId = res.body.order.id as string;
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'succeeded');
    const event = signedEvent('payment_intent.succeeded', intent);

    const first = await postEvent(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, result: 'processed' });
    const paid = await Order.query(t.db).findById(orderId);
    expect(paid?.status).toBe('paid');

    const replay = await postEvent(event);
    expect(replay.status).toBe(200);
    expect(replay.body.result).toBe('duplicate');
    const after = await Order.query(t.db).findById(orderId);
    expect(after?.paidAt).toEqual(paid?.paidAt);
    expect(await t.db('stripe_webhook_events').where({ id: event.id })).toHaveLength(1);

    // Another event for the same payment (Stripe may send one twice under new ids): still one receipt.
    expect((await postEvent(signedEvent('payment_intent.succeeded', intent))).body.result).toBe('processed');
    expect(await t.db('mails').where({ idempotencyKey: `order-receipt:${orderId}` })).toHaveLength(1);
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { res } = await checkout();
    const orderId = res.body.order.id as string;
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'succeeded');

    const forged = signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_not_the_real_secret' });
    const wrong = await postEvent(forged);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Invalid webhook signature' });

    const genuine = signedEvent('payment_intent.succeeded', intent);
    const tampered = await postEvent({
      payload: genuine.payload.replace(/"amount":\d+/, '"amount":1'),
      signature: genuine.signature,
    });
    expect(tampered.status).toBe(400);
    const stale = signedEvent('payment_intent.succeeded', intent, { created: 1 });
    expect((await postEvent({ ...stale, signature: stale.signature.replace(/t=\d+/, 't=1') })).status).toBe(400);

    const missing = await t.request().post('/api/stripe/webhook').send(JSON.parse(genuine.payload));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Missing Stripe-Signature header' });

    expect(await statusOf(orderId)).toBe('pending');
    expect(await t.db('stripe_webhook_events').where({ id: genuine.id })).toHaveLength(0);
  });

  it('handles events out of order: a late failure never undoes a payment', async () => {
    const { res } = await checkout();
    const orderId = res.body.order.id as string;
    const id = [...stripe.intents.keys()][0]!;
    const failed = stripe.settle(id, 'failed', 'Your card was declined.');
    const succeeded = stripe.settle(id, 'succeeded');

    await postEvent(signedEvent('payment_intent.succeeded', succeeded));
    await postEvent(signedEvent('payment_intent.payment_failed', failed));
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('a failed payment marks a pending order payment_failed; a later success still pays it', async () => {
    const { res } = await checkout();
    const orderId = res.body.order.id as string;
    const id = [...stripe.intents.keys()][0]!;
    await postEvent(signedEvent('payment_intent.payment_failed', stripe.settle(id, 'failed')));
    expect(await statusOf(orderId)).toBe('payment_failed');
    await postEvent(signedEvent('payment_intent.succeeded', stripe.settle(id, 'succeeded')));
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('ignores payments it did not create, amounts that do not match, and event types it does not handle', async () => {
    const { res } = await checkout('100.00');
    const orderId = res.body.order.id as string;
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'succeeded');

    const foreign = await postEvent(
      signedEvent('payment_intent.succeeded', { ...intent, id: 'pi_someone_else', metadata: {} }),
    );
    expect(foreign.status).toBe(200);
    const otherOrder = await postEvent(
      signedEvent('payment_intent.succeeded', {
        ...intent,
        id: 'pi_unknown_order',
        metadata: { purpose: 'order', order_id: '00000000-0000-4000-8000-000000000000' },
      }),
    );
    expect(otherOrder.status).toBe(200);
    const underpaid = await postEvent(
      signedEvent('payment_intent.succeeded', { ...intent, amount: 100, amount_received: 100 }),
    );
    expect(underpaid.status).toBe(200);
    expect(await statusOf(orderId)).toBe('pending');

    const unhandled = await postEvent(signedEvent('charge.refund.updated', { id: 're_1', object: 'refund' }));
    expect(unhandled.body).toEqual({ received: true, result: 'ignored' });
  });

  it('turns a consultation paid through Stripe into one service request, however often Stripe reports it', async () => {
    const built = await buildUser(t.db, { email: `${uniqueName('client')}@example.com`, firstName: 'Grace' });
    const agent = t.agent();
    await logIn(agent, built);
    const res = await agent
      .post('/api/create-payment-intent')
      .send({ amount: 19900, description: 'Technical Consultation - 1 Hour' });
    expect(res.status).toBe(201);
    const call = stripe.requests.find((r) => r.path === '/v1/payment_intents');
    expect(call?.params).toMatchObject({
      amount: '19900',
      description: 'Technical Consultation - 1 Hour',
      metadata: { purpose: 'consultation', user_id: built.user.id },
    });
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'succeeded');
    // Two different events about the same payment (e.g. a resend from the dashboard).
    await postEvent(signedEvent('payment_intent.succeeded', intent));
    await postEvent(signedEvent('payment_intent.succeeded', intent));
    const requests = await t.db('service_requests').where({ userId: built.user.id });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      service: 'Technical Consultation - 1 Hour',
      status: 'pending',
      name: 'Grace',
      email: built.user.email,
      stripePaymentId: intent.id,
    });
  });
});
