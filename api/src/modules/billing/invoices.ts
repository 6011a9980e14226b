import type { Knex } from 'knex';
import type { BillingSource } from '@shared/schemas/billing';
import { renderBillingPdf, type BillingContent, type BillingDocument } from './billing-pdf';
import { formatInvoiceNumber, lockDocumentKey, nextSequence } from './document-numbers';

/** A row of `invoices`. */
export interface InvoiceRow {
  id: string;
  source: BillingSource;
  /** The charge's own key within its source: the order's id, the consultation's payment, the subscription period. */
  sourceId: string;
  /** Set for an order's invoice. */
  orderId: string | null;
  /** Whose account lists it; null only for a quote's deposit paid without an account (decision 184). */
  userId: string | null;
  year: number;
  sequence: number;
  number: string;
  issuedAt: Date;
  total: string;
  content: BillingContent;
}

/** A charge to invoice: what it is, whose, when it was paid, and what the invoice shows. */
export interface Charge {
  source: BillingSource;
  sourceId: string;
  /** Null only for a quote's deposit paid without an account. */
  userId: string | null;
  issuedAt: Date;
  content: BillingContent;
  /** For an order's invoice. */
  orderId?: string;
}

/**
 * Issues the invoice of a charge inside the transaction that records the
 * payment, or returns the one it has: one invoice per (source, sourceId),
 * whatever reports the payment again, however many at once. Orders,
 * consultations, subscription payments and quote deposits (`source:
 * 'quote_deposit'`, `sourceId`: the quote's id) all come here, and share one
 * gap-free yearly sequence (decision 176).
 */
export async function issueInvoice(trx: Knex.Transaction, charge: Charge): Promise<InvoiceRow> {
  const find = () => findInvoiceOf(trx, charge.source, charge.sourceId);
  const existing = await find();
  if (existing) return existing;
  await lockDocumentKey(trx, `invoice:${charge.source}:${charge.sourceId}`);
  const issuedMeanwhile = await find();
  if (issuedMeanwhile) return issuedMeanwhile;
  const year = charge.issuedAt.getUTCFullYear();
  const sequence = await nextSequence(trx, 'invoice', year);
  const [invoice] = await trx('invoices')
    .insert({
      source: charge.source,
      sourceId: charge.sourceId,
      orderId: charge.orderId ?? null,
      userId: charge.userId,
      year,
      sequence,
      number: formatInvoiceNumber(year, sequence),
      issuedAt: charge.issuedAt,
      total: charge.content.total,
      content: JSON.stringify(charge.content),
    })
    .returning<InvoiceRow[]>('*');
  return invoice!;
}

/** The invoice of a charge, or undefined while it has none. */
export async function findInvoiceOf(
  db: Knex | Knex.Transaction,
  source: BillingSource,
  sourceId: string,
): Promise<InvoiceRow | undefined> {
  return db('invoices').where({ source, sourceId }).first<InvoiceRow | undefined>();
}

/** An invoice by its id. */
export async function findInvoiceById(db: Knex | Knex.Transaction, id: string): Promise<InvoiceRow | undefined> {
  return db('invoices').where({ id }).first<InvoiceRow | undefined>();
}

/** What the invoice's PDF shows: exactly what it was issued with. */
export function invoiceDocument(invoice: InvoiceRow): BillingDocument {
  return { ...invoice.content, kind: 'invoice', number: invoice.number, issuedAt: new Date(invoice.issuedAt) };
}

/** The invoice's PDF. */
export function renderInvoice(invoice: InvoiceRow): Promise<Buffer> {
  return renderBillingPdf(invoiceDocument(invoice));
}
