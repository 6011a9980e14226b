import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { fromCents } from '@shared/money';
import { isUuid } from '@shared/schemas/text';
import {
  CONSULTATION_AMOUNT_CENTS,
  CONSULTATION_DESCRIPTION,
  type ClientSecretResponse,
} from '@shared/schemas/payments';
import type { Logger } from '../../logger';
import { invoiceAttachment } from '../billing/billing.service';
import { issueInvoice, type InvoiceRow } from '../billing/invoices';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../mail/outbox';
import type { PaymentFulfilment } from '../payments/payment-outcome';
import type { PaymentOutcome, PaymentProvider } from '../payments/payment-provider';
import { providerUnavailable } from '../payments/provider-errors';
import { createTicket } from '../tickets/tickets.service';
import { User } from '../users/user.model';

/** What the client told us when booking (decision 200): the topic (null from the spec's bare body) and times. */
export interface ConsultationDetails {
  topic: string | null;
  preferredTimes: string | null;
}

/**
 * Starts a payment of exactly $199 for the one-hour consultation, and keeps what the client said it is about with
 * the payment's id, for the ticket the settled payment becomes. The amount is the server's constant: the body's copy
 * was only checked against it.
 */
export async function startConsultationPayment(
  { db, provider, logger }: { db: Knex; provider: PaymentProvider; logger: Logger },
  user: User,
  details: ConsultationDetails,
): Promise<ClientSecretResponse> {
  let payment: { id: string; clientSecret: string };
  try {
    payment = await provider.createPayment({
      amountCents: CONSULTATION_AMOUNT_CENTS,
      currency: 'usd',
      description: CONSULTATION_DESCRIPTION,
      metadata: { purpose: 'consultation', user_id: user.id },
      // One booking attempt, one payment; the SDK reuses the key when it retries.
      idempotencyKey: `consultation-${randomUUID()}`,
      userId: user.id,
      receiptEmail: user.email,
    });
  } catch (err) {
    throw providerUnavailable(err, logger);
  }
  // Before the browser can confirm it, so a settled payment always finds its booking.
  await db('consultation_bookings').insert({
    userId: user.id,
    paymentId: payment.id,
    topic: details.topic,
    preferredTimes: details.preferredTimes,
  });
  return { clientSecret: payment.clientSecret };
}

/** The booking's answers for a payment, if it was booked with them. */
export async function consultationDetailsOf(
  db: Knex | Knex.Transaction,
  paymentId: string,
): Promise<ConsultationDetails | null> {
  const row = (await db('consultation_bookings').select('topic', 'preferredTimes').where({ paymentId }).first()) as
    ConsultationDetails | undefined;
  return row ?? null;
}

/**
 * A settled consultation payment becomes the client's service request,
 * exactly once: the request carries the payment id, which is unique. Its
 * confirmation to the client and the staff alert are queued with it.
 */
export async function applyConsultationPayment(
  trx: Knex.Transaction,
  outcome: PaymentOutcome,
  logger: Logger,
  mail: StaffAlertSettings,
): Promise<void> {
  if (outcome.status !== 'succeeded') return;
  const context = { paymentId: outcome.paymentId, provider: outcome.provider };
  if (outcome.amountCents !== CONSULTATION_AMOUNT_CENTS || outcome.currency.toLowerCase() !== 'usd') {
    logger.error({ ...context, amount: outcome.amountCents }, 'consultation payment of an unexpected amount ignored');
    return;
  }
  const userId = outcome.metadata.user_id;
  const user = isUuid(userId) ? await User.query(trx).findById(userId) : undefined;
  if (!user) {
    logger.warn({ ...context, userId }, 'consultation payment for an unknown user ignored');
    return;
  }
  const details = await consultationDetailsOf(trx, outcome.paymentId);
  await createTicket(trx, {
    userId: user.id,
    name: user.displayName,
    email: user.email ?? '',
    service: CONSULTATION_DESCRIPTION,
    // The client reads the description; the payment id and what staff do next are an internal note (decision 181).
    // What the client wrote when booking is theirs, so it is part of the description (and of the ticket's search);
    // the ticket also shows it as fields (decision 200).
    message: consultationMessage(details),
    providerPaymentId: outcome.paymentId,
    staffNote: {
      author: 'Payments',
      message: `Paid by payment ${outcome.paymentId}. Contact the client to schedule it.`,
    },
  });
  const invoice = await issueConsultationInvoice(trx, user, outcome);
  await queueConsultationMails(trx, user, outcome.paymentId, invoice, mail, details);
}

/** The ticket's description: what was paid for, and what the client told us when booking. */
export function consultationMessage(details: ConsultationDetails | null): string {
  const lines = [
    `Paid one-hour technical consultation ($${fromCents(CONSULTATION_AMOUNT_CENTS)}). We will contact you to agree a time.`,
  ];
  if (details?.topic) lines.push('', `Topic: ${details.topic}`);
  if (details?.preferredTimes) lines.push('', `Preferred times: ${details.preferredTimes}`);
  return lines.join('\n');
}

/** The consultation's invoice, one per payment (decision 176): one line, no sales tax on a service. */
function issueConsultationInvoice(trx: Knex.Transaction, user: User, outcome: PaymentOutcome): Promise<InvoiceRow> {
  const amount = fromCents(CONSULTATION_AMOUNT_CENTS);
  return issueInvoice(trx, {
    source: 'consultation',
    sourceId: outcome.paymentId,
    userId: user.id,
    issuedAt: new Date(),
    content: {
      reference: null,
      description: CONSULTATION_DESCRIPTION,
      customer: { name: user.displayName, email: user.email },
      shipping: null,
      lines: [{ name: CONSULTATION_DESCRIPTION, quantity: 1, unitPrice: amount, lineTotal: amount }],
      subtotal: amount,
      tax: null,
      total: amount,
      payment: { provider: outcome.provider, id: outcome.paymentId },
    },
  });
}

/** The client's confirmation (when they have an email) and the staff alert. */
async function queueConsultationMails(
  trx: Knex.Transaction,
  user: User,
  paymentId: string,
  invoice: InvoiceRow,
  mail: StaffAlertSettings,
  details: ConsultationDetails | null,
): Promise<void> {
  const amount = fromCents(CONSULTATION_AMOUNT_CENTS);
  if (user.email) {
    await enqueueMail(trx, {
      template: 'consultation-booked',
      to: user.email,
      data: {
        name: user.firstName || user.username,
        amount,
        description: CONSULTATION_DESCRIPTION,
        paidAt: new Date().toISOString(),
        invoiceNumber: invoice.number,
      },
      idempotencyKey: `consultation-booked:${paymentId}`,
      attachments: [invoiceAttachment(invoice)],
    });
  }
  await enqueueStaffAlert(trx, mail, 'service_requests.work', {
    template: 'staff-consultation-paid',
    data: {
      customer: { name: user.displayName, username: user.username, email: user.email },
      amount,
      paymentId,
      topic: details?.topic ?? null,
      preferredTimes: details?.preferredTimes ?? null,
    },
    idempotencyKey: `staff-consultation-paid:${paymentId}`,
    ...(user.email ? { replyTo: user.email } : {}),
  });
}

/** Payments for the consultation (purpose `consultation`); staff alerts go by `mail`. */
export const consultationFulfilment = (mail: StaffAlertSettings): PaymentFulfilment => ({
  apply: (trx, outcome, logger) => applyConsultationPayment(trx, outcome, logger, mail),
});
