import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { applyConsultationPayment } from '../consultation/consultation.service';
import { applyOrderPayment } from '../orders/order-payments';
import { applySubscriptionPayment } from '../subscriptions/demo-subscription-payments';
import type { PaymentOutcome, PaymentPurpose } from './payment-provider';

/** What a fulfilment may use besides the transaction: the log, and where staff alerts go. */
export interface FulfilmentContext {
  logger: Logger;
  mail: Pick<Config['mail'], 'staffAlertEmails'>;
}

type Fulfil = (trx: Knex.Transaction, outcome: PaymentOutcome, context: FulfilmentContext) => Promise<void>;

const fulfilments: Record<PaymentPurpose, Fulfil> = {
  order: applyOrderPayment,
  consultation: applyConsultationPayment,
  subscription: applySubscriptionPayment,
};

/**
 * The one place a settled payment takes effect, whoever reports it: the
 * Stripe webhook (after verifying its signature) and the demo provider's
 * server-side confirmation both call this inside their transaction.
 */
export async function applyPaymentOutcome(
  trx: Knex.Transaction,
  outcome: PaymentOutcome,
  context: FulfilmentContext,
): Promise<void> {
  const { logger } = context;
  const purpose = outcome.metadata.purpose as PaymentPurpose | undefined;
  const fulfil = purpose && Object.hasOwn(fulfilments, purpose) ? fulfilments[purpose] : undefined;
  if (!fulfil) {
    // Payments created outside this application (e.g. by hand in the dashboard) are not ours to fulfil.
    logger.info({ paymentId: outcome.paymentId, purpose }, 'payment without a known purpose ignored');
    return;
  }
  await fulfil(trx, outcome, context);
}
