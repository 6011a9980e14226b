import type { PaymentConfig } from '@shared/schemas/payments';

/**
 * What a payment is for (metadata `purpose`), named by the domain that sells
 * it: `order`, `consultation`, `subscription`. Payments know no domain; the
 * composition (api/src/payment-wiring.ts) registers one fulfilment per purpose.
 */
export type PaymentPurpose = string;

export interface CreatePaymentInput {
  /** Integer cents, decided by the server. */
  amountCents: number;
  currency: 'usd';
  description: string;
  /**
   * Copied onto the payment (Stripe metadata); read back when the payment settles. `user_id` is the paying
   * account's, absent for a payment made without one (a quote's deposit through its link).
   */
  metadata: Record<string, string> & { purpose: PaymentPurpose; user_id?: string };
  /** The same key always yields the same payment (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  /** The paying account, or null when the payment is made through a link without one (decision 184). */
  userId: string | null;
  receiptEmail?: string | null;
}

export interface CreatedPayment {
  /** pi_… for Stripe, demo_pi_… for the demo provider. */
  id: string;
  /** Handed to the browser, which confirms the payment with it. */
  clientSecret: string;
}

/**
 * The one interface both payment providers implement. Creating a payment
 * never marks anything paid: that happens only when the provider reports the
 * outcome (a verified Stripe webhook, or the demo provider's server-side
 * confirmation), through `applyPaymentOutcome` and the purpose's fulfilment.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** What the browser needs to show the payment form. */
  publicConfig(): PaymentConfig;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Asks for (part of) a settled payment back. The answer is the provider's
   * first word; for Stripe its refund webhooks are the source of truth. A
   * request the provider refuses throws `RefundRefused`.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
}

export interface RefundInput {
  /** The settled payment (pi_… or demo_pi_…). */
  paymentId: string;
  /** Integer cents, decided by the server. */
  amountCents: number;
  /** Copied onto the refund; read back from its webhooks (`purpose`, `order_id`, `refund_id`). */
  metadata: Record<string, string>;
  /** The same key always yields the same refund (Stripe's Idempotency-Key). */
  idempotencyKey: string;
}

export interface ProviderRefund {
  /** re_… for Stripe, demo_re_… for the demo provider. */
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
}

/** The provider refused a refund (e.g. more than is left of the charge): its reason, for staff. */
export class RefundRefused extends Error {
  override name = 'RefundRefused';
}

/** A payment's final word, in provider-neutral terms. */
export interface PaymentOutcome {
  provider: 'stripe' | 'demo';
  paymentId: string;
  status: 'succeeded' | 'failed';
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  failureMessage?: string | null;
}
