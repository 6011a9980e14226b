import Stripe from 'stripe';
import {
  RefundRefused,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderRefund,
  type RefundInput,
} from './payment-provider';

/** A Stripe refund's status in provider-neutral terms (`requires_action` is still pending). */
export function refundStatusOf(status: string | null | undefined): ProviderRefund['status'] {
  return status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending';
}

/** Card payments through Stripe PaymentIntents with automatic payment methods. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';

  constructor(
    private readonly stripe: Stripe,
    private readonly publishableKey: string,
  ) {}

  publicConfig() {
    return { provider: 'stripe' as const, publishableKey: this.publishableKey };
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
        ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came back without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.paymentId, amount: input.amountCents, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, status: refundStatusOf(refund.status) };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefused(err.message);
      throw err;
    }
  }
}
