import type { Knex } from 'knex';
import { User } from '../users/user.model';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';
import { OrderItem } from './order-item.model';
import { toOrderDetails, toOrderLines } from './order-format';
import { Order } from './order.model';

/** A row of `invoices`. */
export interface InvoiceRow {
  id: string;
  orderId: string;
  year: number;
  sequence: number;
  number: string;
  issuedAt: Date;
}

/** "2026-000123": the year and the invoice's place in it, six digits (more once a year passes 999,999). */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Issues the order's invoice inside the transaction that marks it paid, or
 * returns the one it has. The year's counter row is raised with an upsert,
 * which locks it until the transaction ends: payments are numbered one at a
 * time, and a payment that rolls back takes its raise with it, so the numbers
 * of a year have no gaps (decision 106). The caller holds the order's row lock.
 */
export async function issueInvoice(trx: Knex.Transaction, orderId: string, issuedAt: Date): Promise<InvoiceRow> {
  const existing = await trx('invoices').where({ orderId }).first<InvoiceRow | undefined>();
  if (existing) return existing;
  const year = issuedAt.getUTCFullYear();
  const { rows } = await trx.raw<{ rows: { lastNumber: number }[] }>(
    `insert into invoice_counters (year, last_number) values (?, 1)
     on conflict (year) do update set last_number = invoice_counters.last_number + 1
     returning last_number as "lastNumber"`,
    [year],
  );
  const sequence = rows[0]!.lastNumber;
  const [invoice] = await trx('invoices')
    .insert({ orderId, year, sequence, number: formatInvoiceNumber(year, sequence), issuedAt })
    .returning<InvoiceRow[]>('*');
  return invoice!;
}

/** The order's invoice, or undefined while it has none (not paid). */
export async function findInvoice(db: Knex | Knex.Transaction, orderId: string): Promise<InvoiceRow | undefined> {
  return db('invoices').where({ orderId }).first<InvoiceRow | undefined>();
}

/** What the invoice of an order shows, read from the order as it was paid. */
export async function invoiceDocument(
  db: Knex | Knex.Transaction,
  invoice: InvoiceRow,
): Promise<InvoiceDocument | undefined> {
  const order = await Order.query(db).findById(invoice.orderId);
  if (!order) return undefined;
  const [items, buyer] = await Promise.all([
    OrderItem.query(db).where({ orderId: order.id }).orderBy('productName'),
    User.query(db).findById(order.userId),
  ]);
  const details = toOrderDetails(order, items);
  return {
    number: invoice.number,
    issuedAt: new Date(invoice.issuedAt),
    orderNumber: details.number,
    customer: { name: buyer?.displayName ?? order.shippingFullName, email: buyer?.email ?? null },
    shipping: details.shipping,
    lines: toOrderLines(details),
    subtotal: details.subtotalAmount,
    tax: details.taxAmount,
    total: details.totalAmount,
    payment: { provider: order.paymentProvider, id: order.stripePaymentId },
  };
}

/** The invoice PDF of an order, or undefined while it has no invoice. */
export async function invoicePdf(
  db: Knex | Knex.Transaction,
  orderId: string,
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const invoice = await findInvoice(db, orderId);
  if (!invoice) return undefined;
  const document = await invoiceDocument(db, invoice);
  if (!document) return undefined;
  return { number: invoice.number, pdf: await renderInvoicePdf(document) };
}

/**
 * Files the mail worker makes when it sends a mail: `invoice:<order id>` is
 * the order's invoice PDF. The receipt names its invoice this way, so the PDF
 * is drawn by the worker, not in the payment's transaction, which holds the
 * year's invoice counter until it commits (decision 106).
 */
export const mailAttachmentSources = {
  invoice: async (db: Knex, orderId: string) => (await invoicePdf(db, orderId))?.pdf,
};
