import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { FAKE_STRIPE_KEYS, signedEvent, startStripeFake } from '../../test/stripe-fake';
import { stripeSubscriptionHelpers } from '../../test/stripe-subscriptions';
import { seededPlan, subscriptionRows } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { User } from '../users/user.model';

const stripe = await startStripeFake();
afterAll(() => stripe.close());
const t = setupTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }, rateLimits: roomyRateLimits });
const { priceSeededPlans, client, postEvent, deliver, latestOf } = stripeSubscriptionHelpers(t, stripe);
beforeAll(priceSeededPlans);

const NONE = { status: 'none', plan: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };

/** A client with a subscription waiting for its first payment (no webhook delivered yet). */
async function pendingSubscriber(email?: string) {
  const subscriber = await client(email ? { email } : {});
  const plan = await seededPlan(t.db, 'Professional');
  await subscriber.agent.post('/api/create-subscription').send({ planId: plan.id });
  const created = latestOf(subscriber.user.id);
  return {
    ...subscriber,
    created,
    statusOf: async () => (await subscriber.agent.get('/api/subscription-status')).body,
  };
}

const rowsOf = (userId: string) => subscriptionRows(t.db, userId);

describe('subscription webhooks', () => {
  it('customer.subscription.updated makes it active with the period end from the subscription item', async () => {
    const { user, created, statusOf } = await pendingSubscriber();
    const { subscription } = stripe.billing.payFirstInvoice(created.id);
    expect(await deliver('customer.subscription.updated', subscription)).toEqual({
      received: true,
      result: 'processed',
    });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(row.currentPeriodEnd).toEqual(new Date(subscription.items.data[0]!.current_period_end * 1000));
    expect(await statusOf()).toEqual({
      status: 'active',
      plan: 'Professional',
      currentPeriodEnd: subscription.items.data[0]!.current_period_end,
      cancelAtPeriodEnd: false,
    });
    const stored = await User.query(t.db).findById(user.id);
    expect(stored).toMatchObject({
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: 'active',
      subscriptionPlan: 'Professional',
    });
  });

  it('a stale or replayed event never moves the state backwards: the subscription is read again from Stripe', async () => {
    const { user, created } = await pendingSubscriber();
    const { invoice } = stripe.billing.payFirstInvoice(created.id);
    const paid = signedEvent('invoice.paid', invoice);
    // The newer event arrives first…
    expect((await postEvent(paid)).body.result).toBe('processed');
    // …then the older ones, still describing an incomplete subscription.
    const stale = Math.floor(Date.now() / 1000) - 60;
    await deliver('customer.subscription.created', created, { created: stale });
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false }]);
    await deliver('customer.subscription.updated', { ...created, cancel_at_period_end: true }, { created: stale });
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false }]);
    // The same event twice is recorded once and applied once.
    const replay = await postEvent(paid);
    expect(replay.body).toEqual({ received: true, result: 'duplicate' });
    expect(await t.db('stripe_webhook_events').where({ id: paid.id })).toHaveLength(1);
  });

  it('follows cancellation, resumption, renewal, a failed payment and the end of the subscription', async () => {
    const { user, created, statusOf } = await pendingSubscriber('margaret.plans@example.com');
    stripe.billing.payFirstInvoice(created.id);
    await deliver('customer.subscription.updated', created);
    expect((await statusOf()).status).toBe('active');

    // Cancelled in the customer portal or dashboard: cancel_at_period_end (and cancel_at) set.
    stripe.billing.subscriptions.set(created.id, {
      ...latestOf(user.id),
      cancel_at_period_end: true,
      cancel_at: latestOf(user.id).items.data[0]!.current_period_end,
    });
    await deliver('customer.subscription.updated', latestOf(user.id));
    expect(await statusOf()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    stripe.billing.subscriptions.set(created.id, {
      ...latestOf(user.id),
      cancel_at_period_end: false,
      cancel_at: null,
    });
    const { subscription: renewed, invoice } = stripe.billing.renew(created.id, 'paid');
    await deliver('invoice.paid', invoice);
    expect(await statusOf()).toEqual({
      status: 'active',
      plan: 'Professional',
      currentPeriodEnd: renewed.items.data[0]!.current_period_end,
      cancelAtPeriodEnd: false,
    });

    const { invoice: failed } = stripe.billing.renew(created.id, 'failed');
    await deliver('invoice.payment_failed', failed);
    expect((await statusOf()).status).toBe('past_due');
    expect((await User.query(t.db).findById(user.id))?.subscriptionStatus).toBe('past_due');

    const { subscription: ended } = stripe.billing.end(created.id);
    await deliver('customer.subscription.deleted', ended);
    expect(await statusOf()).toEqual(NONE);
    expect(await User.query(t.db).findById(user.id)).toMatchObject({
      subscriptionStatus: 'canceled',
      stripeSubscriptionId: created.id,
    });

    // The subscriber was told of each step, once (the end itself is not mailed).
    const mails = await t
      .db('mails')
      .where('idempotencyKey', 'like', `subscription-%:${created.id}%`)
      .orderBy('createdAt');
    // (Resumed and renewed came in one change, at one time.)
    expect(mails.map((m) => m.template).sort()).toEqual([
      'subscription-cancelled',
      'subscription-payment-failed',
      'subscription-renewed',
      'subscription-resumed',
      'subscription-started',
    ]);
    expect(new Set(mails.map((m) => m.recipient))).toEqual(new Set([user.email]));
    expect(mails.find((m) => m.template === 'subscription-renewed').data).toMatchObject({
      planName: 'Professional',
      price: '1299.00',
      interval: 'month',
      periodEnd: new Date(renewed.items.data[0]!.current_period_end * 1000).toISOString(),
    });
  });

  it('uses the event’s copy of a deleted subscription that Stripe no longer returns', async () => {
    const { user, created } = await pendingSubscriber();
    stripe.billing.payFirstInvoice(created.id);
    await deliver('customer.subscription.updated', created);
    const ended = { ...latestOf(user.id), status: 'canceled', ended_at: Math.floor(Date.now() / 1000) };
    stripe.billing.subscriptions.delete(created.id);
    await deliver('customer.subscription.deleted', ended);
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'canceled' }]);
  });

  it('ignores subscriptions that are not ours: unknown customers, no metadata, someone else’s user id', async () => {
    const { user, created } = await pendingSubscriber();
    const price = stripe.billing.addPrice(5000);
    const ours = latestOf(user.id);

    const strangerCustomer = { ...ours, id: 'sub_stranger', customer: 'cus_unknown_to_us' };
    expect((await deliver('customer.subscription.created', strangerCustomer)).result).toBe('processed');

    // Made in the dashboard for our customer, without our metadata.
    stripe.billing.subscriptions.set('sub_dashboard', {
      ...ours,
      id: 'sub_dashboard',
      metadata: {},
      status: 'active',
      items: { ...ours.items, data: [{ ...ours.items.data[0]!, price }] },
    });
    await deliver('customer.subscription.created', stripe.billing.subscriptions.get('sub_dashboard'));
    // Claiming another user of ours.
    const other = await client();
    stripe.billing.subscriptions.set('sub_claims_other', {
      ...ours,
      id: 'sub_claims_other',
      metadata: { user_id: other.user.id },
      status: 'active',
    });
    await deliver('customer.subscription.updated', stripe.billing.subscriptions.get('sub_claims_other'));
    // An invoice that bills no subscription.
    await deliver('invoice.paid', { id: 'in_one_off', object: 'invoice', customer: ours.customer, parent: null });

    expect((await rowsOf(user.id)).map((row) => row.providerSubscriptionId)).toEqual([created.id]);
    expect(await rowsOf(other.user.id)).toHaveLength(0);
    expect(
      await t
        .db('subscriptions')
        .whereIn('providerSubscriptionId', ['sub_stranger', 'sub_dashboard', 'sub_claims_other']),
    ).toHaveLength(0);
  });

  it('when Stripe cannot be reached the event fails with 503, is not recorded, and succeeds when retried', async () => {
    const { user, created } = await pendingSubscriber();
    const { subscription } = stripe.billing.payFirstInvoice(created.id);
    const event = signedEvent('customer.subscription.updated', subscription);
    stripe.failNext(3, 500);
    const failed = await postEvent(event);
    expect(failed.status).toBe(503);
    expect(await t.db('stripe_webhook_events').where({ id: event.id })).toHaveLength(0);
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'incomplete' }]);
    const retried = await postEvent(event);
    expect(retried.body.result).toBe('processed');
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'active' }]);
  });

  it('refuses subscription and invoice events whose object it cannot read with 400, before asking Stripe or touching a row', async () => {
    const { user, created } = await pendingSubscriber();
    const { subscription, invoice } = stripe.billing.payFirstInvoice(created.id);
    const without = (object: object, field: string) =>
      Object.fromEntries(Object.entries(object).filter(([key]) => key !== field));
    const item = subscription.items.data[0]!;
    const cases: [string, unknown, RegExp][] = [
      [
        'customer.subscription.updated',
        { ...subscription, customer: 5 },
        /^Unexpected customer\.subscription\.updated object: customer: /,
      ],
      ['customer.subscription.updated', without(subscription, 'id'), /object: id: /],
      ['customer.subscription.created', { ...subscription, customer: { name: 'no id' } }, /object: customer/],
      ['customer.subscription.created', { ...subscription, id: null }, /object: id: /],
      // A deleted subscription's copy may stand in for Stripe's: everything it is read for must be there.
      ['customer.subscription.deleted', without(subscription, 'status'), /object: status: /],
      ['customer.subscription.deleted', without(subscription, 'created'), /object: created: /],
      [
        'customer.subscription.deleted',
        without(subscription, 'cancel_at_period_end'),
        /object: cancel_at_period_end: /,
      ],
      ['customer.subscription.deleted', { ...subscription, items: 'all of them' }, /object: items: /],
      [
        'customer.subscription.deleted',
        { ...subscription, items: { ...subscription.items, data: [{ ...item, current_period_end: 'soon' }] } },
        /object: items\.data\.0\.current_period_end: /,
      ],
      ['customer.subscription.deleted', { ...subscription, metadata: { user_id: 1 } }, /object: metadata\.user_id: /],
      ['invoice.paid', { ...invoice, parent: created.id }, /^Unexpected invoice\.paid object: parent: /],
      [
        'invoice.payment_failed',
        { ...invoice, parent: { subscription_details: { subscription: 7 } } },
        /object: parent\.subscription_details\.subscription/,
      ],
      ['invoice.paid', { ...invoice, customer: ['cus_1'] }, /object: customer/],
    ];
    const calls = stripe.requests.length;
    for (const [type, object, message] of cases) {
      const event = signedEvent(type, object);
      const res = await postEvent(event);
      expect({ type, object, status: res.status }).toEqual({ type, object, status: 400 });
      expect(res.body.message).toMatch(message);
      expect(await t.db('stripe_webhook_events').where({ id: event.id })).toHaveLength(0);
    }
    expect(stripe.requests.slice(calls)).toEqual([]);
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'incomplete' }]);
    await deliver('customer.subscription.updated', subscription);
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'active' }]);
  });

  it('refuses forged events with 400 and changes nothing', async () => {
    const { user, created } = await pendingSubscriber();
    const { subscription } = stripe.billing.payFirstInvoice(created.id);
    const forged = signedEvent('customer.subscription.updated', subscription, { secret: 'whsec_forged_secret_value' });
    const res = await postEvent(forged);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid webhook signature' });
    expect(await rowsOf(user.id)).toMatchObject([{ status: 'incomplete' }]);
  });
});
