import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type {
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
  ProviderRefund,
  RefundInput,
} from './payment-provider';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Development stand-in for Stripe: PaymentIntents are rows of `demo_payments`,
 * confirmed by POST /api/demo-payments/confirm on the server. Only outside
 * production and only when no Stripe keys are set.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';

  constructor(private readonly db: Knex) {}

  publicConfig() {
    return { provider: 'demo' as const };
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const id = `demo_pi_${randomBytes(12).toString('base64url')}`;
    const clientSecret = `${id}_secret_${randomBytes(18).toString('base64url')}`;
    await this.db('demo_payments').insert({
      id,
      clientSecretHash: hashSecret(clientSecret),
      userId: input.userId,
      amount: input.amountCents,
      currency: input.currency,
      description: input.description,
      metadata: JSON.stringify(input.metadata),
    });
    return { id, clientSecret };
  }

  /** Demo refunds succeed at once: there is no money to move. */
  async refund(_input: RefundInput): Promise<ProviderRefund> {
    return { id: `demo_re_${randomBytes(12).toString('base64url')}`, status: 'succeeded' };
  }
}
