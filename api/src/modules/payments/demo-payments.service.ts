import { timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import {
  EXPIRY_IN_PAST_MESSAGE,
  expiryInFuture,
  type DemoConfirmResponse,
  type demoConfirmSchema,
} from '@shared/schemas/payments';
import type { z } from 'zod';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors';
import type { Logger } from '../../logger';
import { demoCardResult } from './demo-cards';
import { hashSecret } from './demo-provider';
import { applyPaymentOutcome, fulfilmentOf, type PaymentFulfilments } from './payment-outcome';
import type { PaymentOutcome } from './payment-provider';

interface DemoPaymentRow {
  id: string;
  clientSecretHash: string;
  /** Null for a payment made without an account (a quote's deposit): its client secret alone confirms it. */
  userId: string | null;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
}

/** Stripe answers a declined card with 402 and the decline message. */
class CardDeclined extends HttpError {
  constructor(message: string) {
    super(402, message);
  }
}

function secretMatches(secret: string, expectedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Result = { ok: true; paymentId: string } | { ok: false; message: string };

/**
 * The demo provider's stand-in for stripe.confirmPayment, run on the server:
 * the card number decides the outcome as in Stripe's test mode, and the
 * outcome goes through the same fulfilment code as a Stripe webhook, in one
 * transaction with the payment row locked (a double submit cannot pay twice).
 * A payment made for an account is confirmed by that account only; one made
 * without (a quote's deposit, decision 184) by whoever holds its secret, as
 * Stripe's own confirmation is.
 */
export async function confirmDemoPayment(
  { db, fulfilments, logger }: { db: Knex; fulfilments: PaymentFulfilments; logger: Logger },
  userId: string | null,
  input: z.output<typeof demoConfirmSchema>,
  now = new Date(),
): Promise<DemoConfirmResponse> {
  const id = input.clientSecret.split('_secret_')[0] ?? '';
  const result = await db.transaction(async (trx): Promise<Result> => {
    const row = (await trx('demo_payments').where({ id }).forUpdate().first()) as DemoPaymentRow | undefined;
    if (
      !row ||
      (row.userId !== null && row.userId !== userId) ||
      !secretMatches(input.clientSecret, row.clientSecretHash)
    ) {
      throw new NotFound('Payment not found');
    }
    if (row.status === 'succeeded') throw new Conflict('This payment has already been completed.');
    if (row.status === 'canceled') throw new BadRequest('This payment was canceled. Please start again.');
    if (!expiryInFuture(input.card.expiry, now)) throw new BadRequest(EXPIRY_IN_PAST_MESSAGE);
    // What the payment was for may have moved on (an expired order, a subscription that no longer waits).
    const fulfilment = fulfilmentOf(fulfilments, row.metadata);
    const refusal = await fulfilment?.refuseDemoPayment?.(trx, { id: row.id, metadata: row.metadata });
    if (refusal) {
      await trx('demo_payments').where({ id }).update({ status: 'canceled', updatedAt: trx.fn.now() });
      return { ok: false, message: refusal };
    }

    const card = demoCardResult(input.card.cardNumber);
    const outcome: PaymentOutcome = {
      provider: 'demo',
      paymentId: row.id,
      status: card.outcome === 'succeeded' ? 'succeeded' : 'failed',
      amountCents: row.amount,
      currency: row.currency,
      metadata: row.metadata,
      failureMessage: card.outcome === 'declined' ? card.message : null,
    };
    await trx('demo_payments')
      .where({ id })
      .update({
        status: card.outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
        lastError: card.outcome === 'declined' ? card.code : null,
        cardLast4: input.card.cardNumber.slice(-4),
        updatedAt: trx.fn.now(),
      });
    await applyPaymentOutcome(fulfilments, trx, outcome, logger);
    return card.outcome === 'succeeded' ? { ok: true, paymentId: row.id } : { ok: false, message: card.message };
  });
  if (!result.ok) throw new CardDeclined(result.message);
  return { status: 'succeeded', paymentId: result.paymentId };
}
