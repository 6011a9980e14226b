import type { Knex } from 'knex';
import { isValidPublishableKey } from '@shared/schemas/payments';
import type { Config } from '../../config';
import { DemoPaymentProvider } from './demo-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeClient } from './stripe-client';
import { StripePaymentProvider } from './stripe-provider';

export type PaymentMode = 'stripe' | 'demo' | 'none';

/**
 * Stripe when all three Stripe settings are present and the publishable key is
 * valid; the demo provider outside production when none is set; otherwise
 * payments are not configured ("Payment System Not Configured").
 */
export function paymentMode(config: Pick<Config, 'env' | 'stripe'>): PaymentMode {
  const { secretKey, publishableKey, webhookSecret } = config.stripe;
  if (secretKey && webhookSecret && isValidPublishableKey(publishableKey)) return 'stripe';
  if (config.env !== 'production' && !secretKey && !publishableKey && !webhookSecret) return 'demo';
  return 'none';
}

export function createPaymentProvider(config: Config, db: Knex): PaymentProvider | null {
  switch (paymentMode(config)) {
    case 'stripe':
      return new StripePaymentProvider(createStripeClient(config)!, config.stripe.publishableKey!);
    case 'demo':
      return new DemoPaymentProvider(db);
    default:
      return null;
  }
}
