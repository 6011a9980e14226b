import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildProduct, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import {
  eventEnvelope,
  FAKE_STRIPE_KEYS,
  postSignedEvent,
  signedEvent,
  signedPayload,
  startStripeFake,
} from '../../test/stripe-fake';
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
    expect(order).toMatchObject({ paymentProvider: 'stripe', providerPaymentId: intent.id, status: 'pending' });
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
    const requests = await t.db('tickets').where({ userId: built.user.id });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      service: 'Technical Consultation - 1 Hour',
      status: 'pending',
      name: 'Grace',
      email: built.user.email,
      providerPaymentId: intent.id,
    });
  });
});

describe('well-signed events of an unexpected shape', () => {
  // Not a mock: the real logger, watched to see that every refusal leaves a line for the operator.
  let watched: { warn: MockInstance; error: MockInstance } | null = null;
  const logged = () => {
    watched = { warn: vi.spyOn(t.deps.logger, 'warn'), error: vi.spyOn(t.deps.logger, 'error') };
    return watched;
  };
  const unwatch = () => {
    watched?.warn.mockRestore();
    watched?.error.mockRestore();
    watched = null;
  };
  afterEach(unwatch);

  const recorded = async (id: unknown) =>
    typeof id === 'string' ? await t.db('stripe_webhook_events').where({ id }) : [];

  it('refuses an envelope without the fields every Stripe event carries with 400 and a log line, recording nothing', async () => {
    const { res } = await checkout();
    const orderId = res.body.order.id as string;
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'succeeded');
    const valid = () => eventEnvelope('payment_intent.succeeded', intent) as Record<string, unknown>;
    const without = (field: string) => {
      const envelope = valid();
      delete envelope[field];
      return envelope;
    };
    const cases: [Record<string, unknown>, RegExp][] = [
      [without('livemode'), /^Unexpected Stripe event: livemode: /],
      [without('created'), /^Unexpected Stripe event: created: /],
      [without('id'), /^Unexpected Stripe event: id: /],
      [without('type'), /^Unexpected Stripe event: type: /],
      [without('data'), /^Unexpected Stripe event: data: /],
      [{ ...valid(), data: {} }, /^Unexpected Stripe event: data\.object: /],
      [{ ...valid(), data: { object: null } }, /^Unexpected Stripe event: data\.object: /],
      [{ ...valid(), data: { object: [intent] } }, /^Unexpected Stripe event: data\.object: /],
      [{ ...valid(), livemode: 'false' }, /^Unexpected Stripe event: livemode: /],
      [{ ...valid(), created: String(intent.created) }, /^Unexpected Stripe event: created: /],
      [{ ...valid(), created: 1.5 }, /^Unexpected Stripe event: created: /],
      [{ ...valid(), created: 1e300 }, /^Unexpected Stripe event: created: /],
      [{ ...valid(), id: 42 }, /^Unexpected Stripe event: id: /],
      [{ ...valid(), id: '' }, /^Unexpected Stripe event: id: /],
      [{ ...valid(), type: null }, /^Unexpected Stripe event: type: /],
      [{ ...valid(), type: ['payment_intent.succeeded'] }, /^Unexpected Stripe event: type: /],
    ];
    for (const [envelope, message] of cases) {
      const log = logged();
      const answer = await postEvent(signedPayload(envelope));
      expect({ envelope, status: answer.status }).toEqual({ envelope, status: 400 });
      expect(answer.body.message).toMatch(message);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ problem: answer.body.message }),
        expect.any(String),
      );
      expect(await recorded(envelope.id)).toHaveLength(0);
      unwatch();
    }
    // Not events at all, or a "thin" event notification (Stripe's v2 events), which this endpoint does not take.
    const thin = { id: 'evt_thin', object: 'v2.core.event', type: 'v1.billing.meter.error_report_triggered' };
    for (const body of [[], [thin], thin]) {
      const answer = await postEvent(signedPayload(body));
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.message).toMatch(/^Unexpected Stripe event: /);
    }
    // JSON that is not an object or array is refused by the body parser already.
    for (const body of [null, 'event', 42]) expect((await postEvent(signedPayload(body))).status).toBe(400);
    expect(await statusOf(orderId)).toBe('pending');
    // The real event still settles the order.
    expect((await postEvent(signedEvent('payment_intent.succeeded', intent))).body.result).toBe('processed');
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('refuses a payment_intent event without the fields it reads (metadata, amount, …) with 400, before touching the order', async () => {
    const { res } = await checkout('100.00');
    const orderId = res.body.order.id as string;
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'succeeded') as unknown as Record<string, unknown>;
    const without = (field: string) => Object.fromEntries(Object.entries(intent).filter(([key]) => key !== field));
    const cases: [string, unknown, RegExp][] = [
      ['payment_intent.succeeded', without('metadata'), /^Unexpected payment_intent\.succeeded object: metadata: /],
      ['payment_intent.succeeded', without('amount'), /^Unexpected payment_intent\.succeeded object: amount: /],
      ['payment_intent.succeeded', without('id'), /object: id: /],
      ['payment_intent.succeeded', without('currency'), /object: currency: /],
      ['payment_intent.succeeded', { ...intent, amount: '10000' }, /object: amount: /],
      ['payment_intent.succeeded', { ...intent, amount_received: -1 }, /object: amount_received: /],
      ['payment_intent.succeeded', { ...intent, metadata: { order_id: 7 } }, /object: metadata\.order_id: /],
      ['payment_intent.succeeded', { ...intent, metadata: null }, /object: metadata: /],
      ['payment_intent.payment_failed', { ...intent, last_payment_error: 'declined' }, /last_payment_error: /],
      ['payment_intent.payment_failed', { ...intent, last_payment_error: { message: 3 } }, /last_payment_error/],
    ];
    for (const [type, object, message] of cases) {
      const log = logged();
      const event = signedEvent(type, object);
      const answer = await postEvent(event);
      expect({ object, status: answer.status }).toEqual({ object, status: 400 });
      expect(answer.body.message).toMatch(message);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ eventId: event.id, type, problem: answer.body.message }),
        expect.any(String),
      );
      expect(await recorded(event.id)).toHaveLength(0);
      unwatch();
    }
    expect(await statusOf(orderId)).toBe('pending');
    expect((await postEvent(signedEvent('payment_intent.succeeded', intent))).body.result).toBe('processed');
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('acknowledges a readable payment whose ids name nothing of ours, and changes nothing', async () => {
    const intent = {
      id: 'pi_made_elsewhere',
      object: 'payment_intent',
      amount: 19900,
      amount_received: 19900,
      currency: 'usd',
      last_payment_error: null,
    };
    for (const metadata of [
      { purpose: 'consultation', user_id: 'not-a-user-id' },
      { purpose: 'order', order_id: 'not-an-order-id' },
      { purpose: 'subscription', user_id: 'x', subscription_id: 'y' },
      { purpose: 'toString' },
    ]) {
      const answer = await postEvent(signedEvent('payment_intent.succeeded', { ...intent, metadata }));
      expect({ metadata, status: answer.status, body: answer.body }).toEqual({
        metadata,
        status: 200,
        body: { received: true, result: 'processed' },
      });
    }
    expect(await t.db('tickets').where({ providerPaymentId: intent.id })).toHaveLength(0);
  });

  it('acknowledges and records an event type it does not handle, whatever its object holds', async () => {
    const event = signedEvent('charge.dispute.created', { unexpected: ['anything'] });
    const answer = await postEvent(event);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true, result: 'ignored' });
    expect(await recorded(event.id)).toHaveLength(1);
  });
});
