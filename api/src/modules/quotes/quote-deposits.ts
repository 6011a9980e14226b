import type { Knex } from 'knex';
import { fromCents } from '@shared/money';
import type { ClientSecretResponse } from '@shared/payments';
import { isUuid } from '@shared/schemas/text';
import { Conflict, NotFound, ServiceUnavailable } from '../../errors';
import { publish } from '../../live/publish';
import type { Logger } from '../../logger';
import { invoiceAttachment } from '../billing/billing.service';
import { issueInvoice, type InvoiceRow } from '../billing/invoices';
import { enqueueMail } from '../mail/outbox';
import type { PaymentFulfilment } from '../payments/payment-outcome';
import type { PaymentOutcome, PaymentProvider } from '../payments/payment-provider';
import { providerUnavailable } from '../payments/provider-errors';
import { createTicket } from '../tickets/tickets.service';
import { quoteOfToken } from './public-quotes.service';
import { accountForQuote, createQuoteOrder, createQuotePlan } from './quote-conversion';
import { linesOf, loadQuote, recordQuoteEvent, type QuoteLineRow, type QuoteRow } from './quote-rows';
import { displayNumber } from './quotes.service';

/**
 * A quote's deposit and its conversion (issue 25; decision 184). An accepted
 * quote with a deposit due is paid through its link, signed in or not, with
 * the app's payment provider; the amount is the quote's own, computed when it
 * was built. The payment settles like any other (the Stripe webhook or the
 * demo provider's confirmation, `purpose: 'quote_deposit'`), and in that same
 * transaction the quote is marked paid, the deposit invoiced, and the quote
 * converted into its project. A quote with no deposit is converted when it is
 * accepted. Everything keys on the quote (its row lock, the unique project
 * ticket, the invoice's `quote_deposit:<id>`), so a webhook delivered twice,
 * before the browser's answer or after, does it once.
 */

/** The smallest card charge the providers take (Stripe: $0.50). */
const MIN_DEPOSIT_CENTS = 50;

export const QUOTE_DEPOSIT_PURPOSE = 'quote_deposit';

/** Why this quote's deposit cannot be paid now, or null when it can. */
function depositRefusal(row: QuoteRow): string | null {
  if (row.status === 'paid') {
    return row.depositCents > 0 ? 'The deposit of this quote is already paid' : 'No deposit is due on this quote';
  }
  if (row.status !== 'accepted') {
    return `Quote ${displayNumber(row)} is ${row.status}: only an accepted quote's deposit can be paid`;
  }
  if (row.depositCents <= 0) return 'No deposit is due on this quote';
  if (row.depositCents < MIN_DEPOSIT_CENTS) {
    return 'A deposit under $0.50 cannot be paid online. Please contact us to settle it.';
  }
  return null;
}

/**
 * POST /api/quotes/:token/deposit: a payment of exactly the quote's deposit.
 * With Stripe the key is the quote's, so asking again gives back the same
 * PaymentIntent instead of a second one to pay.
 */
export async function startQuoteDeposit(
  { db, provider, logger }: { db: Knex; provider: PaymentProvider | null; logger: Logger },
  token: string,
): Promise<ClientSecretResponse> {
  const row = await quoteOfToken(db, token);
  const refusal = depositRefusal(row);
  if (refusal) throw new Conflict(refusal);
  if (!provider) throw new ServiceUnavailable('The payment system is not configured.');
  try {
    const payment = await provider.createPayment({
      amountCents: row.depositCents,
      currency: 'usd',
      description: `Deposit for quote ${displayNumber(row)}: ${row.title}`,
      metadata: {
        purpose: QUOTE_DEPOSIT_PURPOSE,
        quote_id: row.id,
        ...(row.customerUserId ? { user_id: row.customerUserId } : {}),
      },
      idempotencyKey: `quote-deposit-${row.id}`,
      userId: row.customerUserId,
      receiptEmail: row.customerEmail,
    });
    return { clientSecret: payment.clientSecret };
  } catch (err) {
    throw providerUnavailable(err, logger);
  }
}

/**
 * The client's account the quote's records belong to: the one settled when
 * it was accepted (decision 201), else the one it was made for, else the
 * client account whose verified address it was sent to; null when there is
 * none (the project and the invoice then name the address).
 */
async function clientAccountOf(trx: Knex.Transaction, row: QuoteRow): Promise<string | null> {
  return row.clientUserId ?? (await accountForQuote(trx, row, null));
}

/** The staff member who sent the quote, while still active staff: the project's first assignee. */
async function senderOf(trx: Knex.Transaction, row: QuoteRow): Promise<{ id: string; name: string } | null> {
  if (!row.sentBy) return null;
  const sender = await trx('users')
    .where({ id: row.sentBy, accountType: 'staff' })
    .whereNull('deactivatedAt')
    .first<{ id: string; username: string; firstName: string | null; lastName: string | null } | undefined>(
      'id',
      'username',
      'firstName',
      'lastName',
    );
  if (!sender) return null;
  return { id: sender.id, name: [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.username };
}

const KIND_HEADINGS: Record<QuoteLineRow['kind'], string> = {
  service: 'Services',
  product: 'Products',
  recurring: 'Monthly services',
};

/** What the project ticket says the client bought: every line of the accepted quote, grouped by kind. */
function projectDescription(row: QuoteRow, lines: readonly QuoteLineRow[]): string {
  const parts = [`Accepted quote ${displayNumber(row)}: ${row.title}.`];
  for (const kind of ['service', 'product', 'recurring'] as const) {
    const ofKind = lines.filter((line) => line.kind === kind);
    if (ofKind.length === 0) continue;
    parts.push(
      `${KIND_HEADINGS[kind]}:\n${ofKind
        .map(
          (line) =>
            `- ${line.quantity} × ${line.description} at $${line.unitPrice}${kind === 'recurring' ? ' a month' : ''}`,
        )
        .join('\n')}`,
    );
  }
  if (row.depositCents > 0) parts.push(`Deposit paid: $${fromCents(row.depositCents)}.`);
  return parts.join('\n\n');
}

/**
 * An accepted quote (no deposit due) or a paid one becomes its work: the
 * service request "Project: <title>", linked to the quote and assigned to
 * whoever sent it; an order for its product lines and a plan for its
 * recurring lines, in the client's account (decision 201); `converted_at`
 * with its timeline entry. The subscription on the plan is started after this
 * transaction commits (`startQuoteSubscription`: it calls the provider). The
 * status stays `accepted` or `paid` (what the client did); `converted` is not
 * used. Inside the caller's transaction, which holds the quote's row lock; a
 * quote already converted is left as it is.
 */
export async function convertQuote(trx: Knex.Transaction, quoteId: string): Promise<boolean> {
  const row = await loadQuote(trx, { id: quoteId }, { lock: true });
  const ready = row.status === 'paid' || (row.status === 'accepted' && row.depositCents === 0);
  if (!ready || row.convertedAt) return false;
  const lines = await linesOf(trx, row.id);
  const sender = await senderOf(trx, row);
  const account = await clientAccountOf(trx, row);
  await createTicket(trx, {
    userId: account,
    name: row.customerName,
    email: row.customerEmail,
    company: row.customerCompany,
    service: `Project: ${row.title}`,
    message: projectDescription(row, lines),
    quoteId: row.id,
    assignee: sender,
    staffNote: {
      author: 'Quotes',
      message: `Opened from quote ${displayNumber(row)}, accepted by ${row.signatureName ?? row.customerName}.`,
    },
  });
  const project = await trx('tickets').where({ quoteId: row.id }).first<{ id: string }>('id');
  // The accept made sure of the account (and the address, for products); a quote accepted before that rule has
  // neither, and becomes its project only (decision 201).
  const order = account && row.shipping ? await createQuoteOrder(trx, row, lines, account) : null;
  const planId = account ? await createQuotePlan(trx, row, lines) : null;
  // The status stays the client's last step (accepted, or paid); the conversion is its own fact (decision 184).
  await trx('quotes').where({ id: row.id }).update({ convertedAt: trx.fn.now(), updatedAt: trx.fn.now() });
  // Staff hear of it with what caused it (quote.accepted, quote.paid); the new ticket announces itself.
  await recordQuoteEvent(trx, row.id, 'converted', null, {
    serviceRequestId: project.id,
    ...(order ? { orderId: order.id, orderNumber: order.number } : {}),
    ...(planId ? { planId } : {}),
  });
  return true;
}

/**
 * Accepted quotes with nothing to pay that were not converted (the server
 * stopped between the acceptance and its conversion): the maintenance task
 * converts them, one transaction each.
 */
export async function convertAcceptedQuotes(db: Knex): Promise<number> {
  const waiting = await db('quotes')
    .where({ status: 'accepted', depositCents: 0 })
    .whereNull('convertedAt')
    .limit(100)
    .pluck<string[]>('id');
  let converted = 0;
  for (const id of waiting) {
    if (await db.transaction((trx) => convertQuote(trx, id))) converted += 1;
  }
  return converted;
}

/** The deposit's invoice (decision 176): one line, no sales tax (the tax is the quote's, on its order). */
function issueDepositInvoice(
  trx: Knex.Transaction,
  row: QuoteRow,
  userId: string | null,
  outcome: PaymentOutcome,
): Promise<InvoiceRow> {
  const amount = fromCents(row.depositCents);
  const name = `Deposit (${row.depositPercent}%) for quote ${displayNumber(row)}: ${row.title}`;
  return issueInvoice(trx, {
    source: 'quote_deposit',
    sourceId: row.id,
    userId,
    issuedAt: new Date(),
    content: {
      reference: { label: 'Quote', value: displayNumber(row) },
      description: `Deposit for quote ${displayNumber(row)}`,
      customer: { name: row.customerName, email: row.customerEmail },
      shipping: null,
      lines: [{ name, quantity: 1, unitPrice: amount, lineTotal: amount }],
      subtotal: amount,
      tax: null,
      total: amount,
      payment: { provider: outcome.provider, id: outcome.paymentId },
    },
  });
}

/**
 * A settled deposit payment: the quote is paid (its timeline says so), the
 * deposit invoiced and mailed to the client, and the quote converted, all in
 * the payment's transaction. The same payment reported again changes
 * nothing; a payment that no longer fits the quote is logged for staff.
 */
export async function applyQuoteDeposit(trx: Knex.Transaction, outcome: PaymentOutcome, logger: Logger): Promise<void> {
  if (outcome.status !== 'succeeded') return;
  const quoteId = outcome.metadata.quote_id;
  const context = { paymentId: outcome.paymentId, provider: outcome.provider, quoteId };
  if (!isUuid(quoteId)) {
    logger.warn(context, 'deposit payment without a quote ignored');
    return;
  }
  let row: QuoteRow;
  try {
    row = await loadQuote(trx, { id: quoteId }, { lock: true });
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
    logger.warn(context, 'deposit payment for an unknown quote ignored');
    return;
  }
  if (row.depositPaymentId === outcome.paymentId) return;
  if (row.status !== 'accepted') {
    logger.error(
      { ...context, status: row.status, paidBy: row.depositPaymentId },
      'deposit paid for a quote that no longer awaits one: refund it from the provider',
    );
    return;
  }
  if (outcome.amountCents !== row.depositCents || outcome.currency.toLowerCase() !== 'usd') {
    logger.error(
      { ...context, amount: outcome.amountCents, expected: row.depositCents },
      'deposit payment of an unexpected amount ignored',
    );
    return;
  }
  await trx('quotes').where({ id: row.id }).update({
    status: 'paid',
    depositPaymentId: outcome.paymentId,
    paidAt: trx.fn.now(),
    updatedAt: trx.fn.now(),
  });
  const amount = fromCents(row.depositCents);
  await recordQuoteEvent(trx, row.id, 'paid', null, { amount, paymentId: outcome.paymentId });
  const invoice = await issueDepositInvoice(trx, row, await clientAccountOf(trx, row), outcome);
  await enqueueMail(trx, {
    template: 'quote-deposit-paid',
    to: row.customerEmail,
    data: {
      customerName: row.customerName,
      number: displayNumber(row),
      title: row.title,
      amount,
      invoiceNumber: invoice.number,
    },
    idempotencyKey: `quote-deposit-paid:${row.id}`,
    attachments: [invoiceAttachment(invoice)],
  });
  await convertQuote(trx, row.id);
  await publish(trx, 'staff', { kind: 'quote.paid', id: row.id });
}

/** Payments of quote deposits (purpose `quote_deposit`). */
export const quoteDepositFulfilment: PaymentFulfilment = {
  apply: applyQuoteDeposit,
  // The demo charges nothing for a quote that no longer waits for its deposit (paid in another tab, say).
  async refuseDemoPayment(trx, payment) {
    const quoteId = payment.metadata.quote_id;
    if (!isUuid(quoteId)) return 'This payment is not for a quote.';
    const row = await trx('quotes').where({ id: quoteId }).forUpdate().first<QuoteRow | undefined>();
    if (!row) return 'This quote no longer exists.';
    return depositRefusal(row);
  },
};
