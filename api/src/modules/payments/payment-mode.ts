import { isValidPublishableKey } from '@shared/schemas/payments';
import type { Config } from '../../config';

type PaymentMode = 'stripe' | 'demo' | 'none';

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
