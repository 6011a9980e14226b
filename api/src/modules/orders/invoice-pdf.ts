import { formatCents, TAX_RATE_LABEL } from '@shared/money';
import { company } from '@shared/site/company';
import {
  drawHeader,
  drawLineTable,
  drawTotalRows,
  formatDocumentDate,
  INK,
  money,
  MUTED,
  openDocumentPdf,
  type Box,
  type Pdf,
} from '../../pdf/document-layout';
import type { OrderLine } from '../mail/templates/order-lines';

/** Everything an invoice shows, as issued. */
export interface InvoiceDocument {
  /** "2026-000123". */
  number: string;
  /** When the order was paid: the invoice date. */
  issuedAt: Date;
  orderNumber: string;
  customer: { name: string; email: string | null };
  shipping: { fullName: string; address: string; city: string; state: string; zipCode: string; country: string };
  lines: OrderLine[];
  subtotal: string;
  tax: string;
  total: string;
  payment: { provider: 'stripe' | 'demo'; id: string | null };
}

export const formatInvoiceDate = formatDocumentDate;

/** The invoice as a PDF (US Letter), made with pdfkit (the layout of api/src/pdf/document-layout.ts). */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { doc, box, done } = openDocumentPdf({
    Title: `Invoice ${invoice.number}`,
    Subject: `Invoice ${invoice.number} for order ${invoice.orderNumber}`,
    CreationDate: invoice.issuedAt,
  });
  const headerBottom = drawHeader(doc, box, 'INVOICE', [
    ['Invoice number', invoice.number],
    ['Invoice date', formatInvoiceDate(invoice.issuedAt)],
    ['Order', invoice.orderNumber],
    ['Paid on', formatInvoiceDate(invoice.issuedAt)],
  ]);
  const partiesBottom = drawParties(doc, invoice, box, headerBottom + 24);
  const linesBottom = drawLineTable(
    doc,
    box,
    partiesBottom + 24,
    invoice.lines.map((line) => [line.name, String(line.quantity), money(line.unitPrice), money(line.lineTotal)]),
  );
  const totalsBottom = drawTotalRows(doc, box, linesBottom, [
    { label: 'Subtotal', value: money(invoice.subtotal) },
    { label: `State Tax (${TAX_RATE_LABEL} of the subtotal)`, value: money(invoice.tax) },
    { label: 'Total (USD)', value: money(invoice.total), bold: true },
    { label: 'Amount paid', value: money(invoice.total) },
    { label: 'Balance due', value: formatCents(0) },
  ]);
  drawPaymentNote(doc, invoice, box, totalsBottom + 18);
  doc.end();
  return done;
}

/** "Bill to" and "Ship to" side by side from `y`; returns where the ship-to address ends. */
function drawParties(doc: Pdf, invoice: InvoiceDocument, { left, width }: Box, y: number): number {
  doc.font('bold').fontSize(10).fillColor(INK).text('Bill to', left, y);
  doc.font('regular').fontSize(10).fillColor(INK).text(invoice.customer.name);
  if (invoice.customer.email) doc.fillColor(MUTED).text(invoice.customer.email);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Ship to', left + width / 2, y);
  const s = invoice.shipping;
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of [s.fullName, s.address, `${s.city}, ${s.state} ${s.zipCode}`, s.country]) {
    doc.text(line, left + width / 2, doc.y, { width: width / 2 });
  }
  return doc.y;
}

/** How and when it was paid, and whom to ask. */
function drawPaymentNote(doc: Pdf, invoice: InvoiceDocument, { left, width }: Box, y: number): void {
  const provider = invoice.payment.provider === 'stripe' ? 'card (Stripe)' : 'card (demo payments)';
  doc.font('regular').fontSize(9).fillColor(MUTED);
  doc.text(
    `Paid in full on ${formatInvoiceDate(invoice.issuedAt)} by ${provider}` +
      (invoice.payment.id ? `, payment reference ${invoice.payment.id}.` : '.'),
    left,
    y,
    { width },
  );
  doc.text(
    `State sales tax is charged at ${TAX_RATE_LABEL} of the subtotal on every order. ` +
      `Questions about this invoice: ${company.billingEmail} or ${company.phone}; please mention invoice ${invoice.number}.`,
    { width },
  );
}

/** The file name the invoice is sent and downloaded as. */
export const invoiceFilename = (number: string) => `invoice-${number}.pdf`;
