import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCents, TAX_RATE_LABEL, toCents } from '@shared/money';
import type { BillingDocumentKind } from '@shared/schemas/billing';
import { company, formatAddressLines } from '@shared/site/company';
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
  payment: { provider: 'stripe' | 'demo'; id: string | null };
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

/*
 * The typeface is DejaVu Sans from the `dejavu-fonts-ttf` npm package (TrueType, wide Unicode coverage: names
 * with accents or non-Latin letters print as typed), embedded and subset by pdfkit. No system font is read.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function invoiceFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

export const formatInvoiceDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: company.hours.timeZone,
  });

const money = (amount: string) => formatCents(toCents(amount));

type Pdf = InstanceType<typeof PDFDocument>;

/** The printable width of the page, between its margins. */
interface Box {
  left: number;
  right: number;
  width: number;
}

const TITLES: Record<BillingDocumentKind, { heading: string; name: string }> = {
  invoice: { heading: 'INVOICE', name: 'Invoice' },
  credit_note: { heading: 'CREDIT NOTE', name: 'Credit note' },
};

/** The invoice or credit note as a PDF (US Letter), made with pdfkit: one layout for both. */
export function renderBillingPdf(document: BillingDocument): Promise<Buffer> {
  const { doc, done } = openBillingPdf(document);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const box: Box = { left, right, width: right - left };

  const headerBottom = drawHeader(doc, document, box);
  const partiesBottom = drawParties(doc, document, box, headerBottom + 24);
  const linesBottom = drawLines(doc, document, box, partiesBottom + 24);
  const totalsBottom = drawTotals(doc, document, box, linesBottom);
  drawPaymentNote(doc, document, box, totalsBottom + 18);
  doc.end();
  return done;
}

/** A new document with the metadata and fonts, and the promise of its bytes once it ends. */
function openBillingPdf(document: BillingDocument): { doc: Pdf; done: Promise<Buffer> } {
  const { regular, bold } = invoiceFonts();
  const title = `${TITLES[document.kind].name} ${document.number}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: title,
      Author: company.legalName,
      Subject: document.reference
        ? `${title} for ${document.reference.label.toLowerCase()} ${document.reference.value}`
        : title,
      CreationDate: document.issuedAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The facts printed under the title, label and value. */
function headerFacts(document: BillingDocument): [string, string][] {
  const reference: [string, string][] = document.reference
    ? [[document.reference.label, document.reference.value]]
    : [];
  if (document.kind === 'credit_note') {
    return [
      ['Credit note number', document.number],
      ['Date', formatInvoiceDate(document.issuedAt)],
      ['Credits invoice', document.invoice?.number ?? ''],
      ...reference,
    ];
  }
  return [
    ['Invoice number', document.number],
    ['Invoice date', formatInvoiceDate(document.issuedAt)],
    ...reference,
    ['Paid on', formatInvoiceDate(document.issuedAt)],
  ];
}

/** The seller on the left, the title and the document's own facts on the right; returns the lower of the two. */
function drawHeader(doc: Pdf, document: BillingDocument, { left, width }: Box): number {
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(company.legalName, left, 54, { width: width / 2 });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  for (const line of [...formatAddressLines(), 'United States', company.billingEmail, company.phone]) doc.text(line);
  const sellerBottom = doc.y;

  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(TITLES[document.kind].heading, left + width / 2, 54, { width: width / 2, align: 'right' });
  doc.moveDown(0.3);
  // Label and value in two columns of their own, one row each (pdfkit's `continued` runs with a right alignment
  // print the label over its value).
  const factsLeft = left + width / 2;
  const labelWidth = width * 0.22;
  for (const [label, value] of headerFacts(document)) {
    const top = doc.y;
    doc.font('regular').fontSize(9).fillColor(MUTED).text(`${label}:`, factsLeft, top, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, factsLeft + labelWidth, top, { width: width / 2 - labelWidth, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y);
  }
  return Math.max(sellerBottom, doc.y);
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

/** Where the columns of the lines table start, and how wide its number columns are (the totals align to them). */
function lineColumns({ left, width }: Box) {
  return {
    x: { name: left, quantity: left + width * 0.55, unit: left + width * 0.65, amount: left + width * 0.82 },
    numberWidth: { quantity: width * 0.1, unit: width * 0.17, amount: width * 0.18 },
  };
}

/** The table of lines from `y`, with a new page when one runs low; returns where it ends. */
function drawLines(doc: Pdf, document: BillingDocument, box: Box, top: number): number {
  const { left, right, width } = box;
  const { x, numberWidth } = lineColumns(box);
  let y = top;
  const row = (cells: [string, string, string, string], font: 'regular' | 'bold', color = INK) => {
    const rowTop = y;
    doc.font(font).fontSize(10).fillColor(color);
    doc.text(cells[0], x.name, rowTop, { width: width * 0.53 });
    const nameBottom = doc.y;
    doc.text(cells[1], x.quantity, rowTop, { width: numberWidth.quantity, align: 'right' });
    doc.text(cells[2], x.unit, rowTop, { width: numberWidth.unit, align: 'right' });
    doc.text(cells[3], x.amount, rowTop, { width: numberWidth.amount, align: 'right' });
    y = Math.max(nameBottom, doc.y) + 6;
  };
  const rule = () => {
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 6;
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], 'bold', MUTED);
  rule();
  for (const line of document.lines) {
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    row([line.name, String(line.quantity), money(line.unitPrice), money(line.lineTotal)], 'regular');
  }
  rule();
  return y;
}

/**
 * Subtotal, tax and total, right-aligned under the amounts; then what was paid and the balance (an invoice) or
 * what was refunded (a credit note). Returns where they end.
 */
function drawTotals(doc: Pdf, document: BillingDocument, box: Box, top: number): number {
  const { left, width } = box;
  const { x, numberWidth } = lineColumns(box);
  let y = top;
  const total = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    doc
      .font(font)
      .fontSize(font === 'bold' ? 12 : 10)
      .fillColor(INK);
    doc.text(label, left + width * 0.4, y, { width: width * 0.4, align: 'right' });
    doc.text(value, x.amount, y, { width: numberWidth.amount, align: 'right' });
    y = doc.y + 4;
  };
  total('Subtotal', money(document.subtotal));
  if (document.tax !== null) total(`State Tax (${TAX_RATE_LABEL} of the subtotal)`, money(document.tax));
  if (document.kind === 'credit_note') {
    total('Total credited (USD)', money(document.total), 'bold');
    total('Refunded to the card', money(document.total));
  } else {
    total('Total (USD)', money(document.total), 'bold');
    total('Amount paid', money(document.total));
    total('Balance due', formatCents(0));
  }
  return y;
}

/** How and when it was paid or refunded, and whom to ask. */
function drawPaymentNote(doc: Pdf, document: BillingDocument, { left, width }: Box, y: number): void {
  const provider = document.payment.provider === 'stripe' ? 'card (Stripe)' : 'card (demo payments)';
  const reference = document.payment.id ? `, payment reference ${document.payment.id}` : '';
  const name = TITLES[document.kind].name.toLowerCase();
  doc.font('regular').fontSize(9).fillColor(MUTED);
  doc.text(
    document.kind === 'credit_note' && document.invoice
      ? `This credit note corrects invoice ${document.invoice.number} of ${formatInvoiceDate(document.invoice.issuedAt)}: ` +
          `${money(document.total)} was refunded on ${formatInvoiceDate(document.issuedAt)} to the ${provider} it was paid with${reference}.`
      : `Paid in full on ${formatInvoiceDate(document.issuedAt)} by ${provider}${reference}.`,
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
