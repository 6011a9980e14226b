import Stripe from 'stripe';
import type { Config } from '../../config';

/**
 * The official Stripe SDK client, or null without a secret key.
 * STRIPE_API_URL (tests only) points it at a local fake of Stripe's API.
 */
export function createStripeClient(config: Pick<Config, 'stripe'>): Stripe | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Northstar IT Solutions' },
  };
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.protocol = protocol;
    options.host = url.hostname;
    options.port = url.port || (protocol === 'http' ? 80 : 443);
  }
  return new Stripe(secretKey, options);
}
