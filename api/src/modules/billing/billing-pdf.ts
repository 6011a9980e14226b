import { formatCents, TAX_RATE_LABEL } from '@shared/money';
import type { BillingDocumentKind } from '@shared/schemas/billing';
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
  type LineCells,
  type Pdf,
} from '../../pdf/document-layout';
import type { OrderLine } from '../mail/templates/order-lines';

/** What an invoice or a credit note shows besides its number and date, kept as issued (`content`). */
export interface BillingContent {
  /** What the document is about, e.g. `{ label: 'Order', value: 'NS-10001' }`; null when the lines say it all. */
  reference: { label: string; value: string } | null;
  /** One line on what it bills, for lists ("Order NS-10001", "One-hour technical consultation"). */
  description: string;
  customer: { name: string; email: string | null };
  /** Where the goods go; null for services. */
  shipping: { fullName: string; address: string; city: string; state: string; zipCode: string; country: string } | null;
  lines: OrderLine[];
  subtotal: string;
  /** The state tax charged, or null when none is (services). */
  tax: string | null;
  total: string;
  /** How it was paid: the provider and the payment's id; null when nothing was paid online for it (decision 201). */
  payment: { provider: 'stripe' | 'demo'; id: string | null } | null;
  /**
   * Set when the invoice was not paid in full (an order made from a quote, decision 201): what was paid (the part
   * of the quote's deposit allocated to it), the balance due, and how it was paid.
   */
  settlement?: { paid: string; balanceDue: string; note: string };
}

/** Everything an invoice or a credit note shows, as issued. */
export interface BillingDocument extends BillingContent {
  kind: BillingDocumentKind;
  /** "2026-000123" for an invoice, "CN-2026-0001" for a credit note. */
  number: string;
  /** When the charge was paid (an invoice) or refunded (a credit note): the document's date. */
  issuedAt: Date;
  /** A credit note's invoice: the one it corrects. */
  invoice?: { number: string; issuedAt: Date };
}

const TITLES: Record<BillingDocumentKind, { heading: string; name: string }> = {
  invoice: { heading: 'INVOICE', name: 'Invoice' },
  credit_note: { heading: 'CREDIT NOTE', name: 'Credit note' },
};

/** The invoice or credit note as a PDF (US Letter), in the layout every business document shares. */
export function renderBillingPdf(document: BillingDocument): Promise<Buffer> {
  const title = `${TITLES[document.kind].name} ${document.number}`;
  const { doc, box, done } = openDocumentPdf({
    Title: title,
    Subject: document.reference
      ? `${title} for ${document.reference.label.toLowerCase()} ${document.reference.value}`
      : title,
    CreationDate: document.issuedAt,
  });
  const headerBottom = drawHeader(doc, box, TITLES[document.kind].heading, headerFacts(document));
  const partiesBottom = drawParties(doc, document, box, headerBottom + 24);
  const lines: LineCells[] = document.lines.map((line) => [
    line.name,
    String(line.quantity),
    money(line.unitPrice),
    money(line.lineTotal),
  ]);
  const linesBottom = drawLineTable(doc, box, partiesBottom + 24, lines);
  const totalsBottom = drawTotalRows(doc, box, linesBottom, totalRows(document));
  drawPaymentNote(doc, document, box, totalsBottom + 18);
  doc.end();
  return done;
}

/** The facts printed under the title, label and value. */
function headerFacts(document: BillingDocument): [string, string][] {
  const reference: [string, string][] = document.reference
    ? [[document.reference.label, document.reference.value]]
    : [];
  if (document.kind === 'credit_note') {
    return [
      ['Credit note number', document.number],
      ['Date', formatDocumentDate(document.issuedAt)],
      ['Credits invoice', document.invoice?.number ?? ''],
      ...reference,
    ];
  }
  return [
    ['Invoice number', document.number],
    ['Invoice date', formatDocumentDate(document.issuedAt)],
    ...reference,
    ...(document.settlement ? [] : [['Paid on', formatDocumentDate(document.issuedAt)] as [string, string]]),
  ];
}

/** "Bill to" and, for goods, "Ship to" side by side from `y`; returns where the lower one ends. */
function drawParties(doc: Pdf, document: BillingDocument, { left, width }: Box, y: number): number {
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Bill to', left, y, { width: width / 2 });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK)
    .text(document.customer.name, { width: width / 2 });
  if (document.customer.email) doc.fillColor(MUTED).text(document.customer.email, { width: width / 2 });
  const billBottom = doc.y;
  const s = document.shipping;
  if (!s) return billBottom;
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Ship to', left + width / 2, y);
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of [s.fullName, s.address, `${s.city}, ${s.state} ${s.zipCode}`, s.country]) {
    doc.text(line, left + width / 2, doc.y, { width: width / 2 });
  }
  return Math.max(billBottom, doc.y);
}

/**
 * Subtotal, tax and total; then what was paid and the balance (an invoice) or what was refunded (a credit note).
 */
function totalRows(document: BillingDocument): { label: string; value: string; bold?: boolean }[] {
  const rows = [{ label: 'Subtotal', value: money(document.subtotal) }];
  if (document.tax !== null) {
    rows.push({ label: `State Tax (${TAX_RATE_LABEL} of the subtotal)`, value: money(document.tax) });
  }
  if (document.kind === 'credit_note') {
    return [
      ...rows,
      { label: 'Total credited (USD)', value: money(document.total), bold: true },
      { label: 'Refunded to the card', value: money(document.total) },
    ];
  }
  if (document.settlement) {
    return [
      ...rows,
      { label: 'Total (USD)', value: money(document.total), bold: true },
      { label: 'Deposit paid', value: money(document.settlement.paid) },
      { label: 'Balance due', value: money(document.settlement.balanceDue), bold: true },
    ];
  }
  return [
    ...rows,
    { label: 'Total (USD)', value: money(document.total), bold: true },
    { label: 'Amount paid', value: money(document.total) },
    { label: 'Balance due', value: formatCents(0) },
  ];
}

/** How and when it was paid or refunded, and whom to ask. */
function drawPaymentNote(doc: Pdf, document: BillingDocument, { left, width }: Box, y: number): void {
  const provider = document.payment?.provider === 'stripe' ? 'card (Stripe)' : 'card (demo payments)';
  const reference = document.payment?.id ? `, payment reference ${document.payment.id}` : '';
  const name = TITLES[document.kind].name.toLowerCase();
  doc.font('regular').fontSize(9).fillColor(MUTED);
  doc.text(
    document.settlement
      ? document.settlement.note
      : document.kind === 'credit_note' && document.invoice
        ? `This credit note corrects invoice ${document.invoice.number} of ${formatDocumentDate(document.invoice.issuedAt)}: ` +
          `${money(document.total)} was refunded on ${formatDocumentDate(document.issuedAt)} to the ${provider} it was paid with${reference}.`
        : `Paid in full on ${formatDocumentDate(document.issuedAt)} by ${provider}${reference}.`,
    left,
    y,
    { width },
  );
  doc.text(
    (document.tax !== null ? `State sales tax is charged at ${TAX_RATE_LABEL} of the subtotal on every order. ` : '') +
      `Questions about this ${name}: ${company.billingEmail} or ${company.phone}; please mention ${name} ${document.number}.`,
    { width },
  );
}

/** The file name an invoice or credit note is sent and downloaded as. */
export const billingFilename = (kind: BillingDocumentKind, number: string) =>
  kind === 'credit_note' ? `credit-note-${number}.pdf` : `invoice-${number}.pdf`;
