import type Stripe from 'stripe';
import type { CreatedPayment, CreatePaymentInput, PaymentProvider } from './payment-provider';

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
}
