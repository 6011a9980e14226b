/**
 * Payment facts the pages need without a validation library: importing them
 * does not load zod (docs/decisions/015-zod-without-eval.md). The request
 * schemas are in ./schemas/payments.ts, which re-exports all of this.
 */

/** Spec §9: the one-hour consultation costs $199. */
export const CONSULTATION_AMOUNT_CENTS = 19_900;
export const CONSULTATION_DESCRIPTION = 'Technical Consultation - 1 Hour';
/** The longest answers the booking takes: what it is about, and when suits the client (decision 200). */
export const CONSULTATION_TOPIC_MAX = 500;
export const CONSULTATION_TIMES_MAX = 500;

/** The answer to POST /api/create-payment-intent: the secret the payment form confirms. */
export interface ClientSecretResponse {
  clientSecret: string;
}

/**
 * GET /api/payment-config: which payment form the browser shows.
 * `none` is the spec's "Payment System Not Configured".
 */
export type PaymentConfig =
  { provider: 'stripe'; publishableKey: string } | { provider: 'demo' } | { provider: 'none' };

/** Spec §5: a publishable key must start with pk_. */
export function isValidPublishableKey(key: unknown): key is string {
  return typeof key === 'string' && /^pk_[A-Za-z0-9_]+$/.test(key);
}
