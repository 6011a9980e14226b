import { describe, expect, it } from 'vitest';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { buildProduct, demoCards, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { sentQuote, staffAgentOf, tokenOf } from '../../test/quote-factories';
import { buildPlan, loggedInClient, subscriptionRows } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { renderInvoice } from '../billing/invoices';
import { DemoSubscriptionProvider } from '../subscriptions/demo-subscription-provider';
import { applyQuoteDeposit, convertAcceptedQuotes } from './quote-deposits';
import { orderDepositCents } from './quote-conversion';
import { startPendingQuoteSubscriptions, startQuoteSubscription } from './quote-subscriptions';

/*
 * Decision 201: an accepted quote's product lines become an order and its recurring lines a subscription, in the
 * client's account, exactly once (demo provider; the Stripe side is in quote-deposits-stripe.test.ts).
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const sales = () => staffAgentOf(t.db, t.agent(), 'sales');
const subscriptions = () => ({ db: t.db, provider: new DemoSubscriptionProvider(), logger: t.deps.logger });

/** A client account whose verified address is `email`. */
async function verifiedClient(email: string) {
  const built = await buildUser(t.db, { email });
  await t.db('users').where({ id: built.user.id }).update({ emailVerifiedAt: new Date() });
  return built;
}

/**
 * A sent quote with a product (2 × 250.00, taxed), a service (6 × 95.00) and a monthly line (149.00), with a
 * `depositPercent` deposit. By hand: one-time 500 + 570 = 1,070.00, tax 8.5 % of 500 = 42.50, total 1,112.50.
 */
async function threeKindQuote(depositPercent: number, email = `${crypto.randomUUID()}@example.com`) {
  const product = await buildProduct(t.db, {
    price: '250.00',
    name: `Access point ${crypto.randomUUID().slice(0, 6)}`,
  });
  const staff = await sales();
  const quote = await sentQuote(staff, {
    customer: { name: 'Grace Hopper', email, company: 'Navy Labs' },
    title: 'Warehouse Wi-Fi',
    depositPercent,
    lines: [
      { kind: 'product', productId: product.id, quantity: 2 },
      { kind: 'service', description: 'Installation, 6 hours', quantity: 6, unitPrice: '95.00' },
      { kind: 'recurring', description: 'Managed Wi-Fi', quantity: 1, unitPrice: '149.00', interval: 'month' },
    ],
  });
  return { quote, staff, product, email };
}

const acceptBody = (extra: Record<string, unknown> = {}) => ({ signatureName: 'Grace Hopper', agree: true, ...extra });

describe('accepting a quote with products or monthly services', () => {
  it('needs the delivery address (400) and an account (409); the page asks the client to sign in first', async () => {
    const { quote } = await threeKindQuote(0);
    const token = tokenOf(quote);
    const noAddress = await t.request().post(`/api/quotes/${token}/accept`).send(acceptBody());
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe('shipping: Enter the delivery address for the products in this quote');
    const badZip = await t
      .request()
      .post(`/api/quotes/${token}/accept`)
      .send(acceptBody({ shipping: { ...validShipping, zipCode: '1' } }));
    expect(badZip.status).toBe(400);
    expect(badZip.body.message).toContain('Valid ZIP code is required');

    expect((await t.request().get(`/api/quotes/${token}`)).body.signInRequired).toBe(true);
    const anonymous = await t
      .request()
      .post(`/api/quotes/${token}/accept`)
      .send(acceptBody({ shipping: validShipping }));
    expect(anonymous.status).toBe(409);
    expect(anonymous.body.message).toMatch(/^Please sign in or create an account to accept this quote/);

    // An account with the quote's address that is not verified is not the client's (anyone may type an address).
    const unverified = await buildUser(t.db, { email: quote.customer.email });
    expect(
      (
        await t
          .request()
          .post(`/api/quotes/${token}/accept`)
          .send(acceptBody({ shipping: validShipping }))
      ).status,
    ).toBe(409);
    expect((await t.db('quotes').where({ id: quote.id }).first()).status).toBe('viewed');

    // Signed in (here: that same account, now signed in), the client accepts; the quote is linked to the account.
    const client = t.agent();
    await logIn(client, unverified);
    expect((await client.get(`/api/quotes/${token}`)).body.signInRequired).toBe(false);
    const accepted = await client.post(`/api/quotes/${token}/accept`).send(acceptBody({ shipping: validShipping }));
    expect(accepted.status).toBe(200);
    const row = await t.db('quotes').where({ id: quote.id }).first();
    expect(row).toMatchObject({ status: 'accepted', clientUserId: unverified.user.id, shipping: validShipping });
    // The client's portal lists it.
    const mine = (await client.get('/api/quotes')).body.quotes as { number: string }[];
    expect(mine.map((q) => q.number)).toContain(quote.number);
  });

  it('asks nothing more of a quote with service lines only', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    expect((await t.request().get(`/api/quotes/${tokenOf(quote)}`)).body.signInRequired).toBe(false);
    expect(
      (
        await t
          .request()
          .post(`/api/quotes/${tokenOf(quote)}/accept`)
          .send(acceptBody())
      ).status,
    ).toBe(200);
    expect(await t.db('orders').where({ quoteId: quote.id })).toHaveLength(0);
    expect(await t.db('subscription_plans').where({ quoteId: quote.id })).toHaveLength(0);
  });
});

describe('the conversion into an order, a plan and a project', () => {
  it('makes one of each however often and however concurrently the deposit is reported, with the invoice balance', async () => {
    const { quote, staff, product, email } = await threeKindQuote(50);
    const client = await verifiedClient(email);
    const token = tokenOf(quote);
    // Signed out: the verified address is the account.
    expect((await t.request().get(`/api/quotes/${token}`)).body.signInRequired).toBe(false);
    expect(
      (
        await t
          .request()
          .post(`/api/quotes/${token}/accept`)
          .send(acceptBody({ shipping: validShipping }))
      ).status,
    ).toBe(200);
    expect(await t.db('orders').where({ quoteId: quote.id })).toHaveLength(0);
    const secret = (await t.request().post(`/api/quotes/${token}/deposit`)).body.clientSecret as string;
    const paymentId = secret.split('_secret_')[0]!;
    const confirm = () =>
      t.request().post('/api/demo-payments/confirm').send({ clientSecret: secret, card: demoCards.succeeds });
    const outcome = {
      provider: 'demo' as const,
      paymentId,
      status: 'succeeded' as const,
      amountCents: 55625,
      currency: 'usd',
      metadata: { purpose: 'quote_deposit', quote_id: quote.id },
    };
    // The browser's confirmation and the maintenance tasks at once; then the same payment reported again, three
    // times at once, and the tasks once more.
    const [confirmed] = await Promise.all([
      confirm(),
      convertAcceptedQuotes(t.db),
      startPendingQuoteSubscriptions(subscriptions()),
      startPendingQuoteSubscriptions(subscriptions()),
    ]);
    expect(confirmed.status).toBe(200);
    await Promise.all([
      ...Array.from({ length: 3 }, () => t.db.transaction((trx) => applyQuoteDeposit(trx, outcome, t.deps.logger))),
      startPendingQuoteSubscriptions(subscriptions()),
      startPendingQuoteSubscriptions(subscriptions()),
    ]);
    await startPendingQuoteSubscriptions(subscriptions());

    const orders = await t.db('orders').where({ quoteId: quote.id });
    expect(orders).toHaveLength(1);
    const [order] = orders;
    // By hand: 2 × 250.00 = 500.00, tax 8.5 % = 42.50, 542.50; the deposit is 50 % of the quote's one-time total,
    // so 50 % of the order's: 271.25 paid, 271.25 due.
    expect(order).toMatchObject({
      userId: client.user.id,
      status: 'paid',
      subtotalAmount: '500.00',
      taxAmount: '42.50',
      totalAmount: '542.50',
      depositAmount: '271.25',
      paymentProvider: null,
      providerPaymentId: null,
      shippingFullName: validShipping.fullName,
      shippingZipCode: validShipping.zipCode,
    });
    expect(await t.db('order_items').where({ orderId: order.id })).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 2, price: '250.00', productName: product.name }),
    ]);
    const invoices = await t.db('invoices').where({ source: 'order', sourceId: order.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ userId: client.user.id, total: '542.50' });
    expect(invoices[0].content.settlement).toMatchObject({ paid: '271.25', balanceDue: '271.25' });
    const { text } = await pdfText(await renderInvoice(invoices[0]));
    expect(text).toContain('Deposit paid');
    expect(text).toContain('Balance due');
    expect(text).toContain('$271.25');
    expect(text).toContain('$542.50');
    expect(text).not.toContain('Paid in full');

    const plans = await t.db('subscription_plans').where({ quoteId: quote.id });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ price: '149.00', interval: 'month', isActive: false });
    expect(plans[0].features).toEqual(['1 × Managed Wi-Fi at $149.00 a month']);
    const subs = await subscriptionRows(t.db, client.user.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ planId: plans[0].id, provider: 'demo', status: 'incomplete' });
    expect(await t.db('tickets').where({ quoteId: quote.id })).toHaveLength(1);
    expect(await t.db('invoices').where({ source: 'quote_deposit', sourceId: quote.id })).toHaveLength(1);
    const types = (await t.db('quote_events').where({ quoteId: quote.id }).orderBy('id').pluck('type')) as string[];
    expect(types.filter((type) => ['order_created', 'converted', 'subscription_started'].includes(type))).toEqual([
      'order_created',
      'converted',
      'subscription_started',
    ]);

    // Staff: the quote links to the order, the plan and the project; the order says where it came from.
    const detail = (await staff.get(`/api/admin/quotes/${quote.id}`)).body as QuoteDetail;
    expect(detail.order).toEqual({ id: order.id, number: `NS-${order.number}` });
    expect(detail.plan).toMatchObject({ id: plans[0].id, subscriptionStarted: true, awaitingFirstPayment: true });
    expect(detail.clientUserId).toBe(client.user.id);
    const admin = await staffAgentOf(t.db, t.agent(), 'admin');
    const adminOrder = (await admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(adminOrder.fromQuote).toEqual({
      id: quote.id,
      number: quote.number,
      depositPaid: '271.25',
      balanceDue: '271.25',
    });
    expect(adminOrder.payment).toBeNull();
    // The sales report counts the order's total once and the deposit not again (it reads orders, never deposits).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const sales = await admin.get(`/api/admin/reports/sales?from=${day(-2)}&to=${day(2)}&interval=day`);
    expect(sales.status).toBe(200);
    // Every paid order of this file's database (this quote's 542.50 and the first test's quote order), nothing more.
    const paidTotals = (await t.db('orders').whereNotNull('paidAt').select('totalAmount')).map(
      (row: { totalAmount: string }) => row.totalAmount,
    );
    expect(paidTotals).toContain('542.50');
    const cents = paidTotals.reduce((sum, total) => sum + Math.round(Number(total) * 100), 0);
    expect(sales.body.total).toMatchObject({ paidOrders: paidTotals.length, revenue: (cents / 100).toFixed(2) });

    // The plan is never offered on /pricing, yet its client pays its first month as for any plan.
    const portal = t.agent();
    await logIn(portal, client);
    const offered = (await t.request().get('/api/subscription-plans')).body as { id: string }[];
    expect(offered.map((plan) => plan.id)).not.toContain(plans[0].id);
    expect((await t.request().get(`/api/subscription-plans/${plans[0].id}`)).status).toBe(404);
    expect((await portal.get(`/api/subscription-plans/${plans[0].id}`)).body).toMatchObject({ price: '149.00' });
    const listed = (await portal.get('/api/quotes')).body.quotes.find(
      (q: { number: string }) => q.number === quote.number,
    );
    expect(listed).toMatchObject({
      order: { id: order.id },
      plan: { id: plans[0].id, awaitingFirstPayment: true },
      projectId: detail.projectId,
    });
    const first = await portal.post('/api/create-subscription').send({ planId: plans[0].id });
    expect(first.status).toBe(201);
    expect(first.body.outcome).toBe('payment_required');
    const paid = await portal
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: first.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
    expect((await portal.get('/api/subscription-status')).body).toMatchObject({
      status: 'active',
      plan: plans[0].name,
    });
    expect(await subscriptionRows(t.db, client.user.id)).toHaveLength(1);
    // Another client cannot subscribe to it.
    const stranger = await loggedInClient(t);
    expect((await stranger.agent.post('/api/create-subscription').send({ planId: plans[0].id })).status).toBe(404);
    // The order has no payment of its own to refund: its money is the quote's deposit.
    const refund = await admin.post(`/api/admin/orders/${order.id}/refunds`).send({ amount: '1.00' });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe('This order was made from a quote and has no payment of its own to refund.');
  });

  it('starts the subscription once when the webhook, the browser and maintenance start it at the same moment', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const client = await verifiedClient(email);
    const staff = await sales();
    const quote = await sentQuote(staff, {
      customer: { name: 'Grace Hopper', email },
      title: 'Monitoring',
      depositPercent: 50,
      lines: [
        { kind: 'service', description: 'Setup', quantity: 1, unitPrice: '200.00' },
        { kind: 'recurring', description: 'Monitoring', quantity: 1, unitPrice: '59.00', interval: 'month' },
      ],
    });
    expect(
      (
        await t
          .request()
          .post(`/api/quotes/${tokenOf(quote)}/accept`)
          .send(acceptBody())
      ).status,
    ).toBe(200);
    // The deposit reported as a webhook would (no follow-up here): converted, its subscription not started yet.
    const outcome = {
      provider: 'stripe' as const,
      paymentId: `pi_${crypto.randomUUID()}`,
      status: 'succeeded' as const,
      amountCents: 10000,
      currency: 'usd',
      metadata: { purpose: 'quote_deposit', quote_id: quote.id },
    };
    await Promise.all(
      Array.from({ length: 2 }, () => t.db.transaction((trx) => applyQuoteDeposit(trx, outcome, t.deps.logger))),
    );
    expect((await t.db('quotes').where({ id: quote.id }).first()).subscriptionStartedAt).toBeNull();
    const started = await Promise.all(
      Array.from({ length: 4 }, () => startQuoteSubscription(subscriptions(), quote.id)),
    );
    expect(started.filter(Boolean)).toHaveLength(1);
    expect(await subscriptionRows(t.db, client.user.id)).toHaveLength(1);
    expect(await t.db('quote_events').where({ quoteId: quote.id, type: 'subscription_started' })).toHaveLength(1);
  });

  it('allocates the deposit to the order by its share of the one-time total, half-up, never more than the order', () => {
    expect(orderDepositCents(55625, 54250, 111250)).toBe(27125);
    // A deposit of 100 cents on 300: an order of 100 gets 33.33… → 33, one of 200 gets 66.66… → 67.
    expect(orderDepositCents(100, 100, 300)).toBe(33);
    expect(orderDepositCents(100, 200, 300)).toBe(67);
    // 150 × 1 / 2 = 75; a half cent rounds up: 1 × 1 / 2 = 0.5 → 1.
    expect(orderDepositCents(150, 1, 2)).toBe(1);
    expect(orderDepositCents(1, 1, 2)).toBe(1);
    expect(orderDepositCents(0, 500, 1000)).toBe(0);
    expect(orderDepositCents(1000, 1000, 1000)).toBe(1000);
  });

  it('switches the plan of an account that already has a subscription instead of making a second', async () => {
    const current = await buildPlan(t.db, { price: '49.00' });
    const { agent, user } = await loggedInClient(t);
    const first = await agent.post('/api/create-subscription').send({ planId: current.id });
    await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: first.body.clientSecret, card: demoCards.succeeds });
    expect((await agent.get('/api/subscription-status')).body.status).toBe('active');

    const staff = await sales();
    const quote = await sentQuote(staff, {
      title: 'Managed network',
      lines: [
        { kind: 'recurring', description: 'Managed switches', quantity: 4, unitPrice: '30.00', interval: 'month' },
      ],
    });
    // No deposit and no products: accepted signed in, it converts at once and the subscription moves to its plan.
    const accepted = await agent.post(`/api/quotes/${tokenOf(quote)}/accept`).send(acceptBody());
    expect(accepted.status).toBe(200);
    const [plan] = await t.db('subscription_plans').where({ quoteId: quote.id });
    expect(plan).toMatchObject({ price: '120.00', isActive: false });
    const rows = await subscriptionRows(t.db, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: plan.id, status: 'active' });
    expect(await t.db('orders').where({ quoteId: quote.id })).toHaveLength(0);
    const started = await t.db('quote_events').where({ quoteId: quote.id, type: 'subscription_started' });
    expect(started).toHaveLength(1);
    expect(started[0].data).toMatchObject({ outcome: 'switched', planId: plan.id });
    // Once started, asking again does nothing.
    expect(await startQuoteSubscription(subscriptions(), quote.id)).toBe(false);
  });
});
