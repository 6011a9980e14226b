import type { Knex } from 'knex';
import type { Config } from '../../config';
import { paymentMode } from '../payments/providers';
import { createStripeClient } from '../payments/stripe-client';
import { DemoSubscriptionProvider } from './demo-subscription-provider';
import { StripeSubscriptionProvider } from './stripe-subscription-provider';
import type { SubscriptionProvider } from './subscription-provider';

/** Subscriptions use the same provider as payments (decision 020): Stripe, the demo provider, or none. */
export function createSubscriptionProvider(config: Config, db: Knex): SubscriptionProvider | null {
  switch (paymentMode(config)) {
    case 'stripe':
      return new StripeSubscriptionProvider(createStripeClient(config)!, db);
    case 'demo':
      return new DemoSubscriptionProvider();
    default:
      return null;
  }
}
