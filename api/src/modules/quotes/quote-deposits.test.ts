import { describe, expect, it } from 'vitest';
import type { Quote, QuoteDetail } from '@shared/schemas/quotes';
import { buildProduct, demoCards, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { daysFromNow, sentQuote, staffAgentOf, tokenOf } from '../../test/quote-factories';
import { setupTestApp } from '../../test/test-app';
import type { PaymentOutcome } from '../payments/payment-provider';
import { applyQuoteDeposit, convertAcceptedQuotes } from './quote-deposits';
import { remindExpiringQuotes } from './quote-expiry';

const t = setupTestApp({
  rateLimits: roomyRateLimits,
  mail: { smtpUrl: null, from: 'noreply@example.com', staffAlertEmails: ['alerts@example.com'] },
});
const sales = () => staffAgentOf(t.db, t.agent(), 'sales');
const accept = (quote: Quote, signatureName = 'Grace Hopper') =>
  t
    .request()
    .post(`/api/quotes/${tokenOf(quote)}/accept`)
    .send({ signatureName, agree: true, shipping: validShipping });

/**
 * A sent quote with the three kinds of line and a 50 % deposit, and the staff member who sent it. Its address is
 * a client account's verified one: products and monthly services belong to an account (decision 201), and the
 * client answers through the link without signing in.
 */
async function quoteWithDeposit(email = `${crypto.randomUUID()}@example.com`) {
  const account = await buildUser(t.db, { email });
  await t.db('users').where({ id: account.user.id }).update({ emailVerifiedAt: new Date() });
  const product = await buildProduct(t.db, {
    price: '250.00',
    name: `Access point ${crypto.randomUUID().slice(0, 6)}`,
  });
  const staff = await sales();
  const quote = await sentQuote(staff, {
    customer: { name: 'Grace Hopper', email, company: 'Navy Labs' },
    title: 'Warehouse Wi-Fi',
    depositPercent: 50,
    lines: [
      { kind: 'product', productId: product.id, quantity: 2 },
      { kind: 'service', description: 'Installation, 6 hours', quantity: 6, unitPrice: '95.00' },
      { kind: 'recurring', description: 'Managed Wi-Fi', quantity: 1, unitPrice: '149.00', interval: 'month' },
    ],
  });
  const { sentBy } = await t.db('quotes').where({ id: quote.id }).first('sentBy');
  return { quote, staff, sentBy: sentBy as string, email, accountId: account.user.id };
}

const projectsOf = (quoteId: string) => t.db('tickets').where({ quoteId });
const depositInvoicesOf = (quoteId: string) => t.db('invoices').where({ source: 'quote_deposit', sourceId: quoteId });

describe('the deposit (demo provider, signed out)', () => {
  it('is paid through the link once accepted, for exactly the deposit; then the quote becomes its project', async () => {
    const { quote, staff, sentBy, email, accountId } = await quoteWithDeposit();
    const token = tokenOf(quote);
    // By hand: 2 × 250 + 6 × 95 = 1,070.00; tax 8.5 % of 500 = 42.50; total 1,112.50; deposit 50 % = 556.25.
    expect(quote.totals.deposit).toBe('556.25');

    const early = await t.request().post(`/api/quotes/${token}/deposit`);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/only an accepted quote's deposit can be paid/);

    expect((await accept(quote)).status).toBe(200);
    expect(await projectsOf(quote.id)).toHaveLength(0);

    const started = await t.request().post(`/api/quotes/${token}/deposit`).send({ amount: 1 });
    expect(started.status).toBe(201);
    expect(Object.keys(started.body)).toEqual(['clientSecret']);
    const paymentId = (started.body.clientSecret as string).split('_secret_')[0];
    const payment = await t.db('demo_payments').where({ id: paymentId }).first();
    expect(payment).toMatchObject({ amount: 55625, userId: null });
    expect(payment.metadata).toEqual({ purpose: 'quote_deposit', quote_id: quote.id });

    const declined = await t
      .request()
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: started.body.clientSecret, card: demoCards.declined });
    expect(declined.status).toBe(402);
    expect((await t.db('quotes').where({ id: quote.id }).first()).status).toBe('accepted');

    // Another browser (no account) confirms with the secret alone.
    const paid = await t
      .request()
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: started.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);

    const view = (await t.request().get(`/api/quotes/${token}`)).body;
    expect(view).toMatchObject({ status: 'paid', paidAt: expect.any(String), convertedAt: expect.any(String) });
    expect((await t.request().post(`/api/quotes/${token}/deposit`)).status).toBe(409);

    const [project] = await projectsOf(quote.id);
    expect(project).toMatchObject({
      service: 'Project: Warehouse Wi-Fi',
      status: 'pending',
      assigneeId: sentBy,
      email,
      name: 'Grace Hopper',
      company: 'Navy Labs',
      userId: accountId,
    });
    expect(project.message).toContain('6 × Installation, 6 hours at $95.00');
    expect(project.message).toContain('1 × Managed Wi-Fi at $149.00 a month');
    expect(project.message).toContain('Deposit paid: $556.25');

    const [invoice] = await depositInvoicesOf(quote.id);
    expect(invoice).toMatchObject({ total: '556.25', userId: accountId });
    expect(invoice.content.payment).toEqual({ provider: 'demo', id: paymentId });
    const [mail] = await t.db('mails').where({ idempotencyKey: `quote-deposit-paid:${quote.id}` });
    expect(mail).toMatchObject({ template: 'quote-deposit-paid', recipient: email });
    expect(await t.db('mail_attachments').where({ mailId: mail.id }).pluck('source')).toEqual([
      `invoice:${invoice.id}`,
    ]);

    const detail = (await staff.get(`/api/admin/quotes/${quote.id}`)).body as QuoteDetail;
    expect(detail.projectId).toBe(project.id);
    // The order and the plan (decision 201), then the plan's subscription, started once the payment committed.
    expect(detail.timeline.map((entry) => entry.type)).toEqual([
      'created',
      'sent',
      'accepted',
      'paid',
      'order_created',
      'converted',
      'subscription_started',
    ]);
    expect(detail.timeline.at(-4)!.data).toEqual({ amount: '556.25', paymentId });
    expect(detail.timeline.at(-2)!.data).toEqual({
      serviceRequestId: project.id,
      orderId: detail.order!.id,
      orderNumber: detail.order!.number,
      planId: detail.plan!.id,
    });
  });

  it('makes one project, one invoice and one mail however often and however concurrently the payment is reported', async () => {
    const { quote } = await quoteWithDeposit();
    expect((await accept(quote)).status).toBe(200);
    const outcome: PaymentOutcome = {
      provider: 'stripe',
      paymentId: `pi_${crypto.randomUUID()}`,
      status: 'succeeded',
      amountCents: 55625,
      currency: 'usd',
      metadata: { purpose: 'quote_deposit', quote_id: quote.id },
    };
    await Promise.all(
      Array.from({ length: 5 }, () => t.db.transaction((trx) => applyQuoteDeposit(trx, outcome, t.deps.logger))),
    );
    await t.db.transaction((trx) => applyQuoteDeposit(trx, outcome, t.deps.logger));
    expect(await projectsOf(quote.id)).toHaveLength(1);
    expect(await depositInvoicesOf(quote.id)).toHaveLength(1);
    expect(await t.db('mails').where({ idempotencyKey: `quote-deposit-paid:${quote.id}` })).toHaveLength(1);
    expect(await t.db('quote_events').where({ quoteId: quote.id }).whereIn('type', ['paid', 'converted'])).toHaveLength(
      2,
    );

    // Another payment for the same quote (a second tab) changes nothing: staff refund it from the provider.
    await t.db.transaction((trx) =>
      applyQuoteDeposit(trx, { ...outcome, paymentId: `pi_${crypto.randomUUID()}` }, t.deps.logger),
    );
    expect((await t.db('quotes').where({ id: quote.id }).first()).depositPaymentId).toBe(outcome.paymentId);
    expect(await projectsOf(quote.id)).toHaveLength(1);
  });

  it('ignores a payment of another amount', async () => {
    const { quote } = await quoteWithDeposit();
    expect((await accept(quote)).status).toBe(200);
    await t.db.transaction((trx) =>
      applyQuoteDeposit(
        trx,
        {
          provider: 'demo',
          paymentId: `demo_pi_${crypto.randomUUID()}`,
          status: 'succeeded',
          amountCents: 100,
          currency: 'usd',
          metadata: { purpose: 'quote_deposit', quote_id: quote.id },
        },
        t.deps.logger,
      ),
    );
    expect((await t.db('quotes').where({ id: quote.id }).first()).status).toBe('accepted');
    expect(await projectsOf(quote.id)).toHaveLength(0);
  });

  it('refuses the demo charge of a deposit already paid in another tab', async () => {
    const { quote } = await quoteWithDeposit();
    const token = tokenOf(quote);
    expect((await accept(quote)).status).toBe(200);
    const first = (await t.request().post(`/api/quotes/${token}/deposit`)).body.clientSecret as string;
    const second = (await t.request().post(`/api/quotes/${token}/deposit`)).body.clientSecret as string;
    const confirm = (clientSecret: string) =>
      t.request().post('/api/demo-payments/confirm').send({ clientSecret, card: demoCards.succeeds });
    expect((await confirm(first)).status).toBe(200);
    const late = await confirm(second);
    expect(late.status).toBe(402);
    expect(late.body.message).toBe('The deposit of this quote is already paid');
    expect(
      await t
        .db('demo_payments')
        .where({ id: second.split('_secret_')[0] })
        .first(),
    ).toMatchObject({
      status: 'canceled',
    });
  });

  it('keeps a payment made for an account to that account', async () => {
    const built = await buildUser(t.db, { email: `${crypto.randomUUID()}@example.com` });
    const owner = t.agent();
    await logIn(owner, built);
    const res = await owner
      .post('/api/create-payment-intent')
      .send({ amount: 19900, description: 'Technical Consultation - 1 Hour' });
    expect(res.status).toBe(201);
    const stranger = await t
      .request()
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
    expect(stranger.status).toBe(404);
  });
});

describe('conversion without a deposit', () => {
  it('opens the project at acceptance, once, for the client account of the verified address', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const built = await buildUser(t.db, { email });
    await t.db('users').where({ id: built.user.id }).update({ emailVerifiedAt: new Date() });
    const staff = await sales();
    const quote = await sentQuote(staff, { customer: { name: 'Ada Lovelace', email }, title: 'Cabling' });
    const first = await accept(quote, 'Ada Lovelace');
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('accepted');
    const again = await accept(quote, 'Ada Lovelace');
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('accepted');

    const projects = await projectsOf(quote.id);
    expect(projects).toHaveLength(1);
    expect(projects[0]).toMatchObject({ service: 'Project: Cabling', userId: built.user.id });
    expect((await t.request().post(`/api/quotes/${tokenOf(quote)}/deposit`)).body.message).toBe(
      'No deposit is due on this quote',
    );
    expect(await depositInvoicesOf(quote.id)).toHaveLength(0);

    const client = t.agent();
    await logIn(client, built);
    const mine = (await client.get('/api/service-requests')).body as { id: string; service: string }[];
    expect(mine).toEqual([expect.objectContaining({ id: projects[0].id, service: 'Project: Cabling' })]);
    const detail = (await staff.get(`/api/admin/quotes/${quote.id}`)).body as QuoteDetail;
    expect(detail).toMatchObject({ status: 'accepted', projectId: projects[0].id, convertedAt: expect.any(String) });
  });

  it('is finished by maintenance when the server stopped between acceptance and conversion', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    await t.db('quotes').where({ id: quote.id }).update({
      status: 'accepted',
      acceptedAt: new Date(),
      signatureName: 'Ada Lovelace',
    });
    expect(await convertAcceptedQuotes(t.db)).toBeGreaterThanOrEqual(1);
    expect(await projectsOf(quote.id)).toHaveLength(1);
    await convertAcceptedQuotes(t.db);
    expect(await projectsOf(quote.id)).toHaveLength(1);
  });
});

describe('quote emails', () => {
  it('sends the client a receipt and staff an alert on acceptance, once', async () => {
    const { quote, email } = await quoteWithDeposit();
    await accept(quote);
    await accept(quote);
    const [receipt] = await t.db('mails').where({ idempotencyKey: `quote-accepted:${quote.id}` });
    expect(receipt).toMatchObject({ template: 'quote-accepted', recipient: email });
    expect(receipt.data).toMatchObject({ signatureName: 'Grace Hopper', deposit: '556.25', number: quote.number });
    const alerts = await t.db('mails').where({ idempotencyKey: `staff-quote-accepted:${quote.id}` });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ template: 'staff-quote-answered', recipient: 'alerts@example.com' });
  });

  it('alerts staff when a client declines, with the reason', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    const res = await t
      .request()
      .post(`/api/quotes/${tokenOf(quote)}/decline`)
      .send({ reason: 'Over budget' });
    expect(res.status).toBe(200);
    const [alert] = await t.db('mails').where({ idempotencyKey: `staff-quote-declined:${quote.id}` });
    expect(alert).toMatchObject({ template: 'staff-quote-answered', recipient: 'alerts@example.com' });
    expect(alert.data.answer).toEqual({ kind: 'declined', reason: 'Over budget' });
  });

  it('reminds the client once, three days before the last valid day, while the quote is open', async () => {
    const staff = await sales();
    const due = await sentQuote(staff, { validUntil: daysFromNow(5) });
    const later = await sentQuote(staff, { validUntil: daysFromNow(20) });
    const answered = await sentQuote(staff, { validUntil: daysFromNow(5) });
    await accept(answered);
    // Three days from today in the company's zone: at most 3, whatever the hour in UTC.
    await t
      .db('quotes')
      .whereIn('id', [due.id, answered.id])
      .update({
        validUntil: t.db.raw(`(now() at time zone 'America/Chicago')::date + 2`),
      });
    await remindExpiringQuotes(t.db, { secret: t.deps.config.sessionSecret, publicUrl: t.deps.config.publicUrl });
    await remindExpiringQuotes(t.db, { secret: t.deps.config.sessionSecret, publicUrl: t.deps.config.publicUrl });
    const reminders = await t
      .db('mails')
      .where({ template: 'quote-reminder' })
      .whereIn('idempotencyKey', [
        `quote-reminder:${due.id}`,
        `quote-reminder:${later.id}`,
        `quote-reminder:${answered.id}`,
      ]);
    expect(reminders.map((mail: { idempotencyKey: string }) => mail.idempotencyKey)).toEqual([
      `quote-reminder:${due.id}`,
    ]);
    expect(reminders[0].data.token).toBe(tokenOf(due));
    const timeline = (await staff.get(`/api/admin/quotes/${due.id}`)).body as QuoteDetail;
    expect(timeline.timeline.filter((entry) => entry.type === 'reminded')).toHaveLength(1);
  });
});
