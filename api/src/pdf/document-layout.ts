import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCents, toCents } from '@shared/money';
import { company, formatAddressLines } from '@shared/site/company';

/**
 * The layout every business document shares (invoices, credit notes, quotes): US Letter,
 * the seller's header, a table of lines, totals aligned under the amounts.
 * Each document draws its own parts with these; none keeps a copy.
 *
 * The typeface is DejaVu Sans from the `dejavu-fonts-ttf` npm package (TrueType, wide Unicode coverage: names
 * with accents or non-Latin letters print as typed), embedded and subset by pdfkit. No system font is read.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function documentFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export const INK = '#0f172a';
export const MUTED = '#475569';
export const RULE = '#cbd5e1';

export const formatDocumentDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: company.hours.timeZone,
  });

/** "$1,234.50" from "1234.50". */
export const money = (amount: string) => formatCents(toCents(amount));

export type Pdf = InstanceType<typeof PDFDocument>;

/** The printable width of the page, between its margins. */
export interface Box {
  left: number;
  right: number;
  width: number;
}

/** A new document with its metadata and fonts, its printable box, and the promise of its bytes once it ends. */
export function openDocumentPdf(info: { Title: string; Subject: string; CreationDate: Date }): {
  doc: Pdf;
  box: Box;
  done: Promise<Buffer>;
} {
  const { regular, bold } = documentFonts();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { ...info, Author: company.legalName } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  return { doc, box: { left, right, width: right - left }, done };
}

/**
 * The seller on the left, the document's name ("INVOICE", "QUOTE") and its own facts on the right; returns the
 * lower of the two.
 */
export function drawHeader(doc: Pdf, { left, width }: Box, heading: string, facts: [string, string][]): number {
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
    .text(heading, left + width / 2, 54, { width: width / 2, align: 'right' });
  doc.moveDown(0.3);
  // Label and value in two columns of their own, one row each (pdfkit's `continued` runs with a right alignment
  // print the label over its value).
  const factsLeft = left + width / 2;
  const labelWidth = width * 0.22;
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

/** Where the columns of the lines table start, and how wide its number columns are (the totals align to them). */
function lineColumns({ left, width }: Box) {
  return {
    x: { name: left, quantity: left + width * 0.55, unit: left + width * 0.65, amount: left + width * 0.82 },
    numberWidth: { quantity: width * 0.1, unit: width * 0.17, amount: width * 0.18 },
  };
}

/** A row of the lines table: description, quantity, unit price and amount (already formatted). */
export type LineCells = [string, string, string, string];

/** A table of lines from `top` under its column headings, with a new page when one runs low; returns where it ends. */
export function drawLineTable(doc: Pdf, box: Box, top: number, lines: readonly LineCells[]): number {
  const { left, right, width } = box;
  const { x, numberWidth } = lineColumns(box);
  let y = top;
  const row = (cells: LineCells, font: 'regular' | 'bold', color = INK) => {
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
  for (const line of lines) {
    y = roomFor(doc, y);
    row(line, 'regular');
  }
  rule();
  return y;
}

/** `y`, or the top of a new page when fewer than `needed` points are left above the bottom margin's reserve. */
export function roomFor(doc: Pdf, y: number, needed = 160): number {
  if (y <= doc.page.height - needed) return y;
  doc.addPage();
  return doc.page.margins.top;
}

/** Rows of label and amount, right-aligned under the table's amounts from `top`; returns where they end. */
export function drawTotalRows(
  doc: Pdf,
  box: Box,
  top: number,
  rows: readonly { label: string; value: string; bold?: boolean }[],
): number {
  const { left, width } = box;
  const { x, numberWidth } = lineColumns(box);
  let y = top;
  for (const { label, value, bold } of rows) {
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, left + width * 0.4, y, { width: width * 0.4, align: 'right' });
    doc.text(value, x.amount, y, { width: numberWidth.amount, align: 'right' });
    y = doc.y + 4;
  }
  return y;
}
