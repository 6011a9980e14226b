import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCents, TAX_RATE_LABEL, toCents } from '@shared/money';
import { company, formatAddressLines } from '@shared/site/company';
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

/** The invoice as a PDF (US Letter), made with pdfkit. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { doc, done } = openInvoicePdf(invoice);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const box: Box = { left, right, width: right - left };

  const headerBottom = drawHeader(doc, invoice, box);
  const partiesBottom = drawParties(doc, invoice, box, headerBottom + 24);
  const linesBottom = drawLines(doc, invoice, box, partiesBottom + 24);
  const totalsBottom = drawTotals(doc, invoice, box, linesBottom);
  drawPaymentNote(doc, invoice, box, totalsBottom + 18);
  doc.end();
  return done;
}

/** A new document with the invoice's metadata and fonts, and the promise of its bytes once it ends. */
function openInvoicePdf(invoice: InvoiceDocument): { doc: Pdf; done: Promise<Buffer> } {
  const { regular, bold } = invoiceFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: company.legalName,
      Subject: `Invoice ${invoice.number} for order ${invoice.orderNumber}`,
      CreationDate: invoice.issuedAt,
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

/** The seller on the left, "INVOICE" and the invoice's own facts on the right; returns the lower of the two. */
function drawHeader(doc: Pdf, invoice: InvoiceDocument, { left, width }: Box): number {
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
    .text('INVOICE', left + width / 2, 54, { width: width / 2, align: 'right' });
  doc.moveDown(0.3);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Invoice date', formatInvoiceDate(invoice.issuedAt)],
    ['Order', invoice.orderNumber],
    ['Paid on', formatInvoiceDate(invoice.issuedAt)],
  ];
  // Label and value in two columns of their own, one row each (pdfkit's `continued` runs with a right alignment
  // print the label over its value).
  const factsLeft = left + width / 2;
  const labelWidth = width * 0.2;
  for (const [label, value] of facts) {
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

/** Where the columns of the lines table start, and how wide its number columns are (the totals align to them). */
function lineColumns({ left, width }: Box) {
  return {
    x: { name: left, quantity: left + width * 0.55, unit: left + width * 0.65, amount: left + width * 0.82 },
    numberWidth: { quantity: width * 0.1, unit: width * 0.17, amount: width * 0.18 },
  };
}

/** The table of lines from `y`, with a new page when one runs low; returns where it ends. */
function drawLines(doc: Pdf, invoice: InvoiceDocument, box: Box, top: number): number {
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
  for (const line of invoice.lines) {
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    row([line.name, String(line.quantity), money(line.unitPrice), money(line.lineTotal)], 'regular');
  }
  rule();
  return y;
}

/** Subtotal, tax, total, paid and balance, right-aligned under the amounts; returns where they end. */
function drawTotals(doc: Pdf, invoice: InvoiceDocument, box: Box, top: number): number {
  const { left, width } = box;
  const { x, numberWidth } = lineColumns(box);
  let y = top;
  const total = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    doc
      .font(font)
      .fontSize(font === 'bold' ? 12 : 10)
      .fillColor(INK);
    doc.text(label, left + width * 0.45, y, { width: width * 0.35, align: 'right' });
    doc.text(value, x.amount, y, { width: numberWidth.amount, align: 'right' });
    y = doc.y + 4;
  };
  total('Subtotal', money(invoice.subtotal));
  total(`State Tax (${TAX_RATE_LABEL} of the subtotal)`, money(invoice.tax));
  total('Total (USD)', money(invoice.total), 'bold');
  total('Amount paid', money(invoice.total));
  total('Balance due', formatCents(0));
  return y;
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
