import type Stripe from 'stripe';
import type { CreatedPayment, CreatePaymentInput, PaymentOutcome, PaymentProvider } from './payment-provider';

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

/** A PaymentIntent from a webhook event, in provider-neutral terms. */
export function outcomeFromIntent(intent: Stripe.PaymentIntent, status: PaymentOutcome['status']): PaymentOutcome {
  return {
    provider: 'stripe',
    paymentId: intent.id,
    status,
    amountCents: status === 'succeeded' ? intent.amount_received || intent.amount : intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}
