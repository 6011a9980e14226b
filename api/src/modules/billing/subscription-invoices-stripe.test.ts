import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { pdfText } from '../../test/pdf-text';
import { FAKE_STRIPE_KEYS, signedEvent, startStripeFake } from '../../test/stripe-fake';
import { stripeSubscriptionHelpers } from '../../test/stripe-subscriptions';
import { seededPlan } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { renderInvoice, type InvoiceRow } from './invoices';

const stripe = await startStripeFake();
afterAll(() => stripe.close());
const t = setupTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }, rateLimits: roomyRateLimits });
const { priceSeededPlans, client, postEvent, deliver, latestOf } = stripeSubscriptionHelpers(t, stripe);
beforeAll(priceSeededPlans);

describe('invoices of Stripe subscription payments', () => {
  it('one for the first payment and one for each renewal, however often Stripe delivers its events', async () => {
    const { agent, user } = await client({ email: 'grace.invoices@example.com' });
    const plan = await seededPlan(t.db, 'Professional');
    expect((await agent.post('/api/create-subscription').send({ planId: plan.id })).status).toBe(201);
    const created = latestOf(user.id);
    stripe.billing.payFirstInvoice(created.id);
    await deliver('customer.subscription.updated', latestOf(user.id));
    await deliver('customer.subscription.updated', latestOf(user.id));
    const invoicesOf = () => t.db('invoices').where({ userId: user.id }).orderBy('sequence') as Promise<InvoiceRow[]>;
    expect(await invoicesOf()).toHaveLength(1);

    const { invoice: stripeInvoice } = stripe.billing.renew(created.id, 'paid');
    const paid = signedEvent('invoice.paid', stripeInvoice);
    expect((await postEvent(paid)).status).toBe(200);
    expect((await postEvent(paid)).status).toBe(200);
    await deliver('invoice.paid', stripeInvoice);
    const invoices = await invoicesOf();
    expect(invoices.map((invoice) => [invoice.source, invoice.total])).toEqual([
      ['subscription', '1299.00'],
      ['subscription', '1299.00'],
    ]);
    expect(invoices[1]!.sourceId).toMatch(/^subscription-renewed:/);
    const { text } = await pdfText(await renderInvoice(invoices[1]!));
    expect(text).toContain('Plan: Professional');
    expect(text).toContain(`by card (Stripe), payment reference ${stripeInvoice.id}`);
    expect(text).toMatch(/Total \(USD\) \$1,299\.00/);
    const list = (await agent.get('/api/invoices')).body;
    expect(list.map((doc: { number: string }) => doc.number)).toEqual([invoices[1]!.number, invoices[0]!.number]);
  });
});
