import type Stripe from 'stripe';
import { expect } from 'vitest';
import { SubscriptionPlan } from '../modules/subscriptions/subscription-plan.model';
import { postSignedEvent, signedEvent, type StripeFake } from './stripe-fake';
import { loggedInClient } from './subscription-factories';
import type { TestApp } from './test-app';

/**
 * Helpers for subscription tests against the Stripe fake: plans with Stripe
 * prices, logged-in clients, and signed webhook deliveries.
 */
export function stripeSubscriptionHelpers(t: TestApp, stripe: StripeFake) {
  /** Gives every seeded plan a Stripe Price in the fake, as `npm run stripe:sync-plans` would. */
  async function priceSeededPlans(): Promise<void> {
    for (const plan of await SubscriptionPlan.query(t.db).where({ isActive: true })) {
      const price = stripe.billing.addPrice(Math.round(Number(plan.price) * 100));
      await SubscriptionPlan.query(t.db).patch({ stripePriceId: price.id }).where({ id: plan.id });
    }
  }

  const client = (options: { email?: string } = {}) =>
    loggedInClient(t, { firstName: 'Margaret', email: options.email ?? null });

  const postEvent = (event: { payload: string; signature: string }) => postSignedEvent(t, event);

  /** Delivers an event about an object and expects Stripe's delivery to succeed. */
  async function deliver(type: string, object: unknown, options: { created?: number; id?: string } = {}) {
    const res = await postEvent(signedEvent(type, object, options));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { received: true; result: string };
  }

  /** The user's subscriptions at the fake Stripe, newest first. */
  function subscriptionsOf(userId: string): Stripe.Subscription[] {
    return [...stripe.billing.subscriptions.values()]
      .filter((subscription) => subscription.metadata.user_id === userId)
      .reverse();
  }

  function latestOf(userId: string): Stripe.Subscription {
    const [latest] = subscriptionsOf(userId);
    if (!latest) throw new Error(`no subscription for ${userId}`);
    return latest;
  }

  return { priceSeededPlans, client, postEvent, deliver, subscriptionsOf, latestOf };
}
