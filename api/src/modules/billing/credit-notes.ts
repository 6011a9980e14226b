import type { Knex } from 'knex';
import { fromCents, toCents } from '@shared/money';
import { renderBillingPdf, type BillingContent, type BillingDocument } from './billing-pdf';
import { formatCreditNoteNumber, lockDocumentKey, nextSequence } from './document-numbers';
import { findInvoiceById, type InvoiceRow } from './invoices';

/** A row of `credit_notes`. */
export interface CreditNoteRow {
  id: string;
  invoiceId: string;
  /** The refund's own key ("refund:<id>"). */
  sourceId: string;
  userId: string;
  year: number;
  sequence: number;
  number: string;
  issuedAt: Date;
  total: string;
  content: BillingContent;
}

/** A refund to credit: the invoice it corrects, its key, when it went through, and what it gives back. */
export interface Credit {
  invoice: InvoiceRow;
  sourceId: string;
  issuedAt: Date;
  /** The lines given back (refunded items), or none for an amount: one line "Refund of invoice …". */
  lines: BillingContent['lines'];
  /** The tax given back with the lines, or null (an amount refunded includes its tax). */
  tax: string | null;
  total: string;
}

/**
 * Issues the credit note of a refund that went through, inside the
 * transaction that records it, or returns the one it has: one per refund,
 * from the credit notes' own gap-free yearly sequence. The invoice stays as
 * issued; the credit note, which names it, carries the refund (decision 176).
 */
export async function issueCreditNote(trx: Knex.Transaction, credit: Credit): Promise<CreditNoteRow> {
  const find = () => trx('credit_notes').where({ sourceId: credit.sourceId }).first<CreditNoteRow | undefined>();
  const existing = await find();
  if (existing) return existing;
  await lockDocumentKey(trx, `credit-note:${credit.sourceId}`);
  const issuedMeanwhile = await find();
  if (issuedMeanwhile) return issuedMeanwhile;
  const { invoice } = credit;
  const totalCents = toCents(credit.total);
  const lines = credit.lines.length
    ? credit.lines
    : [{ name: `Refund of invoice ${invoice.number}`, quantity: 1, unitPrice: credit.total, lineTotal: credit.total }];
  const content: BillingContent = {
    ...invoice.content,
    description: `Refund: ${invoice.content.description}`,
    lines,
    tax: credit.tax,
    subtotal: fromCents(totalCents - (credit.tax === null ? 0 : toCents(credit.tax))),
    total: credit.total,
  };
  const year = credit.issuedAt.getUTCFullYear();
  const sequence = await nextSequence(trx, 'credit_note', year);
  const [note] = await trx('credit_notes')
    .insert({
      invoiceId: invoice.id,
      sourceId: credit.sourceId,
      userId: invoice.userId,
      year,
      sequence,
      number: formatCreditNoteNumber(year, sequence),
      issuedAt: credit.issuedAt,
      total: credit.total,
      content: JSON.stringify(content),
    })
    .returning<CreditNoteRow[]>('*');
  return note!;
}

/** A credit note by its id. */
export async function findCreditNoteById(db: Knex | Knex.Transaction, id: string): Promise<CreditNoteRow | undefined> {
  return db('credit_notes').where({ id }).first<CreditNoteRow | undefined>();
}

/** What the credit note's PDF shows: what it was issued with, and the invoice it corrects. */
export async function creditNoteDocument(
  db: Knex | Knex.Transaction,
  note: CreditNoteRow,
): Promise<BillingDocument | undefined> {
  const invoice = await findInvoiceById(db, note.invoiceId);
  if (!invoice) return undefined;
  return {
    ...note.content,
    kind: 'credit_note',
    number: note.number,
    issuedAt: new Date(note.issuedAt),
    invoice: { number: invoice.number, issuedAt: new Date(invoice.issuedAt) },
  };
}

/** The credit note's PDF. */
export async function renderCreditNote(db: Knex | Knex.Transaction, note: CreditNoteRow): Promise<Buffer | undefined> {
  const document = await creditNoteDocument(db, note);
  return document ? renderBillingPdf(document) : undefined;
}
