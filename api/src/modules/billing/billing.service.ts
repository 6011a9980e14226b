import type { Knex } from 'knex';
import { toCents } from '@shared/money';
import type { BillingDocumentKind, BillingDocumentSummary, BillingStatus } from '@shared/schemas/billing';
import { uuid } from '@shared/schemas/text';
import type { MailAttachment } from '../mail/outbox';
import { billingFilename } from './billing-pdf';
import { findCreditNoteById, renderCreditNote, type CreditNoteRow } from './credit-notes';
import { findInvoiceById, renderInvoice, type InvoiceRow } from './invoices';

/** Where a document's PDF is downloaded: the client's own path, or the staff path. */
export type PdfAudience = 'client' | 'staff';

const pdfUrl = (audience: PdfAudience, id: string) =>
  audience === 'client' ? `/api/invoices/${id}/pdf` : `/api/admin/invoices/${id}/pdf`;

function invoiceStatus(invoice: InvoiceRow, credited: number): BillingStatus {
  if (credited === 0) return 'paid';
  return credited >= toCents(invoice.total) ? 'refunded' : 'partly_refunded';
}

/** A user's invoices and credit notes, newest first (a credit note after the invoice it corrects at the same time). */
export async function listBillingDocuments(
  db: Knex,
  userId: string,
  audience: PdfAudience,
): Promise<BillingDocumentSummary[]> {
  const [invoices, notes] = await Promise.all([
    db('invoices').where({ userId }).select<InvoiceRow[]>('*'),
    db('credit_notes').where({ userId }).select<CreditNoteRow[]>('*'),
  ]);
  const byInvoice = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const credited = new Map<string, number>();
  for (const note of notes) credited.set(note.invoiceId, (credited.get(note.invoiceId) ?? 0) + toCents(note.total));
  const rows: (BillingDocumentSummary & { sequence: number })[] = [
    ...invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      kind: 'invoice' as const,
      source: invoice.source,
      description: invoice.content.description,
      total: invoice.total,
      status: invoiceStatus(invoice, credited.get(invoice.id) ?? 0),
      invoiceNumber: null,
      issuedAt: new Date(invoice.issuedAt).toISOString(),
      pdfUrl: pdfUrl(audience, invoice.id),
      sequence: 0,
    })),
    ...notes.map((note) => {
      const invoice = byInvoice.get(note.invoiceId)!;
      return {
        id: note.id,
        number: note.number,
        kind: 'credit_note' as const,
        source: invoice.source,
        description: note.content.description,
        total: note.total,
        status: 'credited' as const,
        invoiceNumber: invoice.number,
        issuedAt: new Date(note.issuedAt).toISOString(),
        pdfUrl: pdfUrl(audience, note.id),
        sequence: 1,
      };
    }),
  ];
  rows.sort(
    (a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.sequence - a.sequence || b.number.localeCompare(a.number),
  );
  return rows.map(({ sequence: _sequence, ...row }) => row);
}

/** An invoice's or credit note's PDF by its id, if it is `userId`'s (any user's when null: staff). */
export async function billingDocumentPdf(
  db: Knex,
  id: string,
  userId: string | null,
): Promise<{ kind: BillingDocumentKind; number: string; pdf: Buffer } | undefined> {
  if (!uuid.safeParse(id).success) return undefined;
  const invoice = await findInvoiceById(db, id);
  if (invoice) {
    if (userId !== null && invoice.userId !== userId) return undefined;
    return { kind: 'invoice', number: invoice.number, pdf: await renderInvoice(invoice) };
  }
  const note = await findCreditNoteById(db, id);
  if (!note || (userId !== null && note.userId !== userId)) return undefined;
  const pdf = await renderCreditNote(db, note);
  return pdf ? { kind: 'credit_note', number: note.number, pdf } : undefined;
}

/** The invoice as a mail's attachment, drawn by the mail worker when it sends the mail (decision 105). */
export const invoiceAttachment = (invoice: InvoiceRow): MailAttachment => ({
  filename: billingFilename('invoice', invoice.number),
  contentType: 'application/pdf',
  source: `invoice:${invoice.id}`,
});

/** The credit note as a mail's attachment, drawn by the mail worker. */
export const creditNoteAttachment = (note: CreditNoteRow): MailAttachment => ({
  filename: billingFilename('credit_note', note.number),
  contentType: 'application/pdf',
  source: `credit-note:${note.id}`,
});

/**
 * Files the mail worker makes when it sends a mail: `invoice:<id>` is an
 * invoice's PDF (mails written before decision 176 name the order's id
 * instead), `credit-note:<id>` a credit note's. The PDFs are drawn by the
 * worker, not in the payment's transaction, which holds the year's counter
 * until it commits (decision 106).
 */
export const mailAttachmentSources = {
  invoice: async (db: Knex, id: string) => {
    if (!uuid.safeParse(id).success) return undefined;
    const invoice =
      (await findInvoiceById(db, id)) ?? (await db('invoices').where({ orderId: id }).first<InvoiceRow | undefined>());
    return invoice ? renderInvoice(invoice) : undefined;
  },
  'credit-note': async (db: Knex, id: string) => {
    if (!uuid.safeParse(id).success) return undefined;
    const note = await findCreditNoteById(db, id);
    return note ? renderCreditNote(db, note) : undefined;
  },
};
