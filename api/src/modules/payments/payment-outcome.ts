import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { PaymentOutcome, PaymentPurpose } from './payment-provider';

/** A payment as the demo provider asks about it before charging the card. */
interface PendingDemoPayment {
  id: string;
  metadata: Record<string, string>;
}

/**
 * What the domain that sells something does with its payments. The
 * composition registers one per purpose (api/src/payment-wiring.ts).
 */
export interface PaymentFulfilment {
  /**
   * Applies a settled payment inside the caller's transaction. Applying the
   * same outcome again (a redelivered webhook) changes nothing.
   */
  apply(trx: Knex.Transaction, outcome: PaymentOutcome, logger: Logger): Promise<void>;
  /**
   * Asked by the demo provider before it charges the card: null while the
   * payment is still wanted, otherwise what the buyer is told (the payment
   * is then canceled and nothing is charged).
   */
  refuseDemoPayment?(trx: Knex.Transaction, payment: PendingDemoPayment): Promise<string | null>;
}

/** The fulfilments by the purpose in a payment's metadata. */
export type PaymentFulfilments = Readonly<Record<PaymentPurpose, PaymentFulfilment>>;

/** The fulfilment for a payment's purpose, or undefined for a payment this application did not create. */
export function fulfilmentOf(
  fulfilments: PaymentFulfilments,
  metadata: Record<string, string>,
): PaymentFulfilment | undefined {
  const purpose = metadata.purpose;
  return purpose && Object.hasOwn(fulfilments, purpose) ? fulfilments[purpose] : undefined;
}

/**
 * The one place a settled payment takes effect, whoever reports it: the
 * Stripe webhook (after verifying its signature) and the demo provider's
 * server-side confirmation both call this inside their transaction.
 */
export async function applyPaymentOutcome(
  fulfilments: PaymentFulfilments,
  trx: Knex.Transaction,
  outcome: PaymentOutcome,
  logger: Logger,
): Promise<void> {
  const fulfilment = fulfilmentOf(fulfilments, outcome.metadata);
  if (!fulfilment) {
    // Payments created outside this application (e.g. by hand in the dashboard) are not ours to fulfil.
    logger.info(
      { paymentId: outcome.paymentId, purpose: outcome.metadata.purpose },
      'payment without a known purpose ignored',
    );
    return;
  }
  await fulfilment.apply(trx, outcome, logger);
}
