import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';
import { paymentMode } from './payment-mode';

const keys = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};
const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://shop.example.com' };

describe('choosing the payment provider', () => {
  it('uses Stripe when all three keys are set and the publishable key is valid', () => {
    expect(paymentMode(parseEnv(keys))).toBe('stripe');
    expect(paymentMode(parseEnv({ ...production, ...keys }))).toBe('stripe');
  });

  it('uses the demo provider only outside production and only without any Stripe key', () => {
    expect(paymentMode(parseEnv({}))).toBe('demo');
    expect(paymentMode(parseEnv({ NODE_ENV: 'test' }))).toBe('demo');
    expect(paymentMode(parseEnv(production))).toBe('none');
  });

  it('is not configured with an invalid publishable key or a missing secret', () => {
    expect(paymentMode(parseEnv({ ...keys, STRIPE_PUBLISHABLE_KEY: 'not-a-key' }))).toBe('none');
    expect(paymentMode(parseEnv({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }))).toBe('none');
    expect(paymentMode(parseEnv({ ...keys, STRIPE_WEBHOOK_SECRET: '' }))).toBe('none');
  });
});
