import type { Knex } from 'knex';
import { TAX_RATE_LABEL } from '@shared/money';
import type { PublicQuote, QuoteLine } from '@shared/schemas/quotes';
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
  roomFor,
  type Box,
  type LineCells,
  type Pdf,
} from '../../pdf/document-layout';
import { linesOf, loadQuote, toPublicQuote, type QuoteLinks } from './quote-rows';

/** "Q-2026-0001", or "Q-2026-0001-v2" for a revision. */
const numberOf = (quote: Pick<PublicQuote, 'number' | 'version'>) =>
  quote.version > 1 ? `${quote.number}-v${quote.version}` : quote.number;

/** A date kept as YYYY-MM-DD, printed as the invoice prints dates (noon UTC: the same day in any US zone). */
const formatDay = (day: string) => formatDocumentDate(new Date(`${day}T12:00:00Z`));

const cells = (line: QuoteLine, suffix = ''): LineCells => [
  line.description + (line.taxable ? '' : suffix),
  String(line.quantity),
  money(line.unitPrice),
  money(line.lineTotal),
];

/**
 * The quote as a PDF (the invoice's layout, api/src/pdf/document-layout.ts):
 * the company, the customer, one-time lines then monthly lines, tax, deposit,
 * validity, terms, and the signature once accepted.
 */
export function renderQuotePdf(quote: PublicQuote, issuedAt: Date): Promise<Buffer> {
  const number = numberOf(quote);
  const { doc, box, done } = openDocumentPdf({
    Title: `Quote ${number}`,
    Subject: `Quote ${number}: ${quote.title}`,
    CreationDate: issuedAt,
  });
  const headerBottom = drawHeader(doc, box, 'QUOTE', [
    ['Quote number', number],
    ['Date', formatDocumentDate(issuedAt)],
    ['Valid until', formatDay(quote.validUntil)],
  ]);
  let y = drawCustomer(doc, quote, box, headerBottom + 24);
  const oneTime = quote.lines.filter((line) => line.kind !== 'recurring');
  const recurring = quote.lines.filter((line) => line.kind === 'recurring');
  if (oneTime.length > 0) {
    y = heading(doc, box, y + 18, 'One-time');
    y = drawLineTable(
      doc,
      box,
      y,
      oneTime.map((line) => cells(line, ' (no tax)')),
    );
    const rows = [
      { label: 'Subtotal', value: money(quote.totals.oneTimeSubtotal) },
      { label: `State Tax (${TAX_RATE_LABEL} of taxable lines)`, value: money(quote.totals.tax) },
      { label: 'Total (USD)', value: money(quote.totals.oneTimeTotal), bold: true },
    ];
    if (quote.depositPercent > 0) {
      rows.push({ label: `Deposit due on acceptance (${quote.depositPercent}%)`, value: money(quote.totals.deposit) });
    }
    y = drawTotalRows(doc, box, y, rows);
  }
  if (recurring.length > 0) {
    y = heading(doc, box, roomFor(doc, y + 18), 'Monthly');
    y = drawLineTable(
      doc,
      box,
      y,
      recurring.map((line) => cells(line)),
    );
    y = drawTotalRows(doc, box, y, [
      { label: 'Per month (USD)', value: money(quote.totals.recurringMonthly), bold: true },
    ]);
  }
  y = drawTerms(doc, quote, box, y + 18);
  drawSignature(doc, quote, box, roomFor(doc, y + 18, 200));
  doc.end();
  return done;
}

function heading(doc: Pdf, { left }: Box, y: number, text: string): number {
  doc.font('bold').fontSize(12).fillColor(INK).text(text, left, y);
  return doc.y + 6;
}

function drawCustomer(doc: Pdf, quote: PublicQuote, { left, width }: Box, y: number): number {
  doc.font('bold').fontSize(10).fillColor(INK).text('Prepared for', left, y);
  doc.font('regular').fontSize(10).fillColor(INK).text(quote.customer.name);
  if (quote.customer.company) doc.text(quote.customer.company);
  doc.fillColor(MUTED).text(quote.customer.email);
  doc.moveDown(0.8);
  doc.font('bold').fontSize(14).fillColor(INK).text(quote.title, left, doc.y, { width });
  return doc.y;
}

function drawTerms(doc: Pdf, quote: PublicQuote, { left, width }: Box, y: number): number {
  doc.font('regular').fontSize(9).fillColor(MUTED);
  doc.text(
    `This quote is valid until ${formatDay(quote.validUntil)}. Prices are in US dollars. State sales tax is ` +
      `${TAX_RATE_LABEL} of the taxable one-time lines; monthly services are billed each month from the start of ` +
      `service. Questions: ${company.billingEmail} or ${company.phone}; please mention quote ${numberOf(quote)}.`,
    left,
    y,
    { width },
  );
  if (quote.terms) {
    doc.moveDown(0.8);
    doc.font('bold').fontSize(10).fillColor(INK).text('Terms', { width });
    doc.font('regular').fontSize(9).fillColor(INK).text(quote.terms, { width });
  }
  return doc.y;
}

/** The acceptance: the typed name and when, once accepted; until then the lines to sign on paper. */
function drawSignature(doc: Pdf, quote: PublicQuote, { left, width }: Box, y: number): void {
  doc.font('bold').fontSize(10).fillColor(INK).text('Acceptance', left, y);
  if (quote.signatureName && quote.acceptedAt) {
    doc
      .font('regular')
      .fontSize(10)
      .text(
        `Accepted online by ${quote.signatureName} on ${formatDocumentDate(new Date(quote.acceptedAt))}, ` +
          'who typed their full name and agreed to the terms of this quote.',
        { width },
      );
    return;
  }
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Accept this quote online with the link in our email.', { width });
  const lineY = doc.y + 36;
  doc
    .moveTo(left, lineY)
    .lineTo(left + width * 0.45, lineY)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  doc
    .moveTo(left + width * 0.55, lineY)
    .lineTo(left + width, lineY)
    .stroke();
  doc.fontSize(9).text('Name', left, lineY + 4);
  doc.text('Date', left + width * 0.55, lineY + 4);
}

export const quoteFilename = (quote: Pick<PublicQuote, 'number' | 'version'>) => `quote-${numberOf(quote)}.pdf`;

/** The quote's PDF as it stands, and its file name. */
export async function quotePdf(
  db: Knex | Knex.Transaction,
  links: QuoteLinks,
  id: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const row = await loadQuote(db, { id });
  const quote = await toPublicQuote(db, links, row, await linesOf(db, id));
  return { filename: quoteFilename(quote), pdf: await renderQuotePdf(quote, new Date(row.sentAt ?? row.createdAt)) };
}
