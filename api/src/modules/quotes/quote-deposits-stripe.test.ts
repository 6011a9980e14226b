import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { sentQuote, staffAgentOf, tokenOf } from '../../test/quote-factories';
import { paymentMaintenanceTasks } from '../../payment-wiring';
import { FAKE_STRIPE_KEYS, postSignedEvent, signedEvent, startStripeFake } from '../../test/stripe-fake';
import { setupTestApp } from '../../test/test-app';

// The real `stripe` SDK, pointed at a local fake of Stripe's API.
const stripe = await startStripeFake();
afterAll(() => stripe.close());
const t = setupTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }, rateLimits: roomyRateLimits });
beforeEach(() => stripe.reset());

/** A client account with a verified address: the account a quote sent there belongs to (decision 201). */
async function verifiedClient() {
  const email = `${crypto.randomUUID()}@example.com`;
  const built = await buildUser(t.db, { email });
  await t.db('users').where({ id: built.user.id }).update({ emailVerifiedAt: new Date() });
  return { email, userId: built.user.id };
}

describe('a quote deposit through Stripe', () => {
  it('asks Stripe for exactly the deposit, once per quote, and converts the quote once however the webhook comes', async () => {
    const staff = await staffAgentOf(t.db, t.agent(), 'sales');
    // Its monthly line becomes a subscription: the quote goes to a client account's verified address.
    const client = await verifiedClient();
    const quote = await sentQuote(staff, {
      customer: { name: 'Ada Lovelace', email: client.email },
      title: 'Clinic cabling',
      depositPercent: 30,
      lines: [
        { kind: 'service', description: 'Cabling, hours', quantity: 10, unitPrice: '85.00' },
        { kind: 'recurring', description: 'Network monitoring', quantity: 1, unitPrice: '99.00', interval: 'month' },
      ],
    });
    const token = tokenOf(quote);
    // By hand: 10 × 85.00 = 850.00, not taxed; 30 % = 255.00.
    expect(quote.totals.deposit).toBe('255.00');
    const accepted = await t
      .request()
      .post(`/api/quotes/${token}/accept`)
      .send({ signatureName: 'Ada Lovelace', agree: true });
    expect(accepted.status).toBe(200);

    const first = await t.request().post(`/api/quotes/${token}/deposit`);
    expect(first.status).toBe(201);
    // Asking again (a reload, a double click) gives the same PaymentIntent back, not a second one to pay.
    const again = await t.request().post(`/api/quotes/${token}/deposit`);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(stripe.intents.size).toBe(1);
    const calls = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(calls[0]).toMatchObject({
      idempotencyKey: `quote-deposit-${quote.id}`,
      params: {
        amount: '25500',
        currency: 'usd',
        metadata: { purpose: 'quote_deposit', quote_id: quote.id },
      },
    });

    // Stripe reports the payment twice at once under one event id, and again under another.
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'succeeded');
    const event = signedEvent('payment_intent.succeeded', intent);
    const both = await Promise.all([postSignedEvent(t, event), postSignedEvent(t, event)]);
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    expect((await postSignedEvent(t, signedEvent('payment_intent.succeeded', intent))).status).toBe(200);

    const row = await t.db('quotes').where({ id: quote.id }).first();
    expect(row).toMatchObject({ status: 'paid', depositPaymentId: intent.id });
    expect(row.convertedAt).not.toBeNull();
    expect(await t.db('tickets').where({ quoteId: quote.id })).toHaveLength(1);
    const invoices = await t.db('invoices').where({ source: 'quote_deposit', sourceId: quote.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0].content.payment).toEqual({ provider: 'stripe', id: intent.id });
    expect(await t.db('mails').where({ idempotencyKey: `quote-deposit-paid:${quote.id}` })).toHaveLength(1);
    const events = await t.db('quote_events').where({ quoteId: quote.id }).whereIn('type', ['paid', 'converted']);
    expect(events).toHaveLength(2);

    // The page, asked again after the webhook, says it is paid and offers nothing more to pay.
    expect((await t.request().get(`/api/quotes/${token}`)).body.status).toBe('paid');
    expect((await t.request().post(`/api/quotes/${token}/deposit`)).status).toBe(409);

    // The monthly line: a plan made for the quote with a Stripe Price of its own, and one subscription on it,
    // started once although the webhook came three times (decision 201). Its first invoice waits for the client.
    const [plan] = await t.db('subscription_plans').where({ quoteId: quote.id });
    expect(plan).toMatchObject({ price: '99.00', isActive: false, stripePriceId: expect.stringMatching(/^price_/) });
    const price = stripe.billing.prices.get(plan.stripePriceId)!;
    expect(price).toMatchObject({ unit_amount: 9900, currency: 'usd', recurring: { interval: 'month' } });
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(new Set(created.map((r) => r.idempotencyKey))).toEqual(new Set([`quote-subscription-${quote.id}`]));
    const subscriptions = [...stripe.billing.subscriptions.values()];
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.items.data[0]!.price.id).toBe(plan.stripePriceId);
    const rows = await t.db('subscriptions').where({ userId: client.userId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: plan.id, provider: 'stripe', status: 'incomplete' });
    expect(await t.db('quote_events').where({ quoteId: quote.id, type: 'subscription_started' })).toHaveLength(1);
    // No products: no order.
    expect(await t.db('orders').where({ quoteId: quote.id })).toHaveLength(0);
  });

  it('still makes the project when Stripe fails at the subscription, and maintenance starts it later, once', async () => {
    const staff = await staffAgentOf(t.db, t.agent(), 'sales');
    const client = await verifiedClient();
    const quote = await sentQuote(staff, {
      customer: { name: 'Ada Lovelace', email: client.email },
      title: 'Monitoring',
      lines: [
        { kind: 'service', description: 'Setup', quantity: 1, unitPrice: '200.00' },
        { kind: 'recurring', description: 'Network monitoring', quantity: 1, unitPrice: '99.00', interval: 'month' },
      ],
    });
    // No deposit: converted when accepted; Stripe is down for the subscription step (the SDK retries twice).
    stripe.failNext(3, 503);
    const accepted = await t
      .request()
      .post(`/api/quotes/${tokenOf(quote)}/accept`)
      .send({ signatureName: 'Ada Lovelace', agree: true });
    expect(accepted.status).toBe(200);
    stripe.failNext(0, 503);
    expect(await t.db('tickets').where({ quoteId: quote.id })).toHaveLength(1);
    expect((await t.db('quotes').where({ id: quote.id }).first()).subscriptionStartedAt).toBeNull();
    const failed = await t.db('quote_events').where({ quoteId: quote.id, type: 'subscription_failed' });
    expect(failed).toHaveLength(1);
    expect(stripe.billing.subscriptions.size).toBe(0);

    const task = paymentMaintenanceTasks(t.deps).find((each) => each.name === 'quote subscriptions not yet started')!;
    await Promise.all([task.run(), task.run()]);
    await task.run();
    expect(stripe.billing.subscriptions.size).toBe(1);
    expect(await t.db('subscriptions').where({ userId: client.userId })).toHaveLength(1);
    expect((await t.db('quotes').where({ id: quote.id }).first()).subscriptionStartedAt).not.toBeNull();
    expect(await t.db('quote_events').where({ quoteId: quote.id, type: 'subscription_failed' })).toHaveLength(1);
  });

  it('changes nothing on a failed payment', async () => {
    const staff = await staffAgentOf(t.db, t.agent(), 'sales');
    const quote = await sentQuote(staff, { depositPercent: 50 });
    const token = tokenOf(quote);
    await t.request().post(`/api/quotes/${token}/accept`).send({ signatureName: 'Ada Lovelace', agree: true });
    expect((await t.request().post(`/api/quotes/${token}/deposit`)).status).toBe(201);
    const intent = stripe.settle([...stripe.intents.keys()][0]!, 'failed');
    expect((await postSignedEvent(t, signedEvent('payment_intent.payment_failed', intent))).status).toBe(200);
    expect((await t.db('quotes').where({ id: quote.id }).first()).status).toBe('accepted');
    expect(await t.db('tickets').where({ quoteId: quote.id })).toHaveLength(0);
  });
});
