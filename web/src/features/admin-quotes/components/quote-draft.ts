import type { z } from 'zod';
import { fromCents } from '@shared/money';
import { lineTotalCents, quoteTotals, type QuoteTotals } from '@shared/quote-totals';
import {
  quoteCreateSchema,
  quotePatchSchema,
  type PublicQuote,
  type Quote,
  type QuoteCreateInput,
  type QuoteLineInput,
  type QuotePatchInput,
} from '@shared/schemas/quotes';

/**
 * The quote builder's state and rules, kept apart from its screen: lines
 * added, edited, removed and moved; live totals from the one shared function
 * the server uses; and the request body, which carries lines and settings
 * only — never a price of a product, a total, tax or deposit amount (the
 * server refuses those and computes them itself).
 */

export type QuoteLineKind = QuoteLineInput['kind'];
export type QuoteSource = NonNullable<QuoteCreateInput['source']>;

export type CustomerChoice =
  | { kind: 'account'; userId: string; name: string; email: string | null }
  | { kind: 'new'; name: string; email: string; company: string };

export interface DraftLine {
  /** Stable across edits and moves (React's key, and where a line's errors are kept). */
  key: string;
  kind: QuoteLineKind;
  productId: string | null;
  /** A product line's name (shown only: the server names it from the catalogue). */
  description: string;
  quantity: string;
  /** A product line's catalogue price (shown only: the server prices it from the catalogue). */
  unitPrice: string;
  taxable: boolean;
}

export interface QuoteDraft {
  customer: CustomerChoice;
  title: string;
  lines: DraftLine[];
  validUntil: string;
  depositPercent: string;
  notes: string;
  terms: string;
  source: QuoteSource | null;
}

let lastKey = 0;
/** A key no other line of this page has. */
export function nextLineKey(): string {
  lastKey += 1;
  return `line-${lastKey}`;
}

/** The day `days` after `from`, as YYYY-MM-DD (UTC). */
export function dayAfter(from: Date, days: number): string {
  const copy = new Date(from.getTime());
  copy.setUTCDate(copy.getUTCDate() + days);
  return copy.toISOString().slice(0, 10);
}

export function emptyDraft(now = new Date()): QuoteDraft {
  return {
    customer: { kind: 'new', name: '', email: '', company: '' },
    title: '',
    lines: [],
    validUntil: dayAfter(now, 30),
    depositPercent: '0',
    notes: '',
    terms: '',
    source: null,
  };
}

/** A product line at the catalogue's price today; taxable, as products are by default. */
export function productLine(product: { id: string; name: string; price: string }, key = nextLineKey()): DraftLine {
  return {
    key,
    kind: 'product',
    productId: product.id,
    description: product.name,
    quantity: '1',
    unitPrice: product.price,
    taxable: true,
  };
}

/** An empty service (one-time) or recurring (monthly) line; not taxable by default. */
export function customLine(kind: 'service' | 'recurring', key = nextLineKey()): DraftLine {
  return { key, kind, productId: null, description: '', quantity: '1', unitPrice: '', taxable: false };
}

export function addLine(draft: QuoteDraft, line: DraftLine): QuoteDraft {
  return { ...draft, lines: [...draft.lines, line] };
}

/** Changes one line; a product line's name and price are the catalogue's and stay as they are. */
export function updateLine(
  draft: QuoteDraft,
  key: string,
  changes: Partial<Pick<DraftLine, 'description' | 'quantity' | 'unitPrice' | 'taxable'>>,
): QuoteDraft {
  return {
    ...draft,
    lines: draft.lines.map((line) => {
      if (line.key !== key) return line;
      if (line.kind === 'product') {
        const { description: _d, unitPrice: _u, ...allowed } = changes;
        return { ...line, ...allowed };
      }
      return { ...line, ...changes };
    }),
  };
}

export function removeLine(draft: QuoteDraft, key: string): QuoteDraft {
  return { ...draft, lines: draft.lines.filter((line) => line.key !== key) };
}

/** Moves a line one place up (-1) or down (+1); at either end it stays. */
export function moveLine(draft: QuoteDraft, key: string, by: -1 | 1): QuoteDraft {
  const from = draft.lines.findIndex((line) => line.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.lines.length) return draft;
  const lines = [...draft.lines];
  [lines[from], lines[to]] = [lines[to]!, lines[from]!];
  return { ...draft, lines };
}

const AMOUNT = /^\d{1,6}(\.\d{1,2})?$/;

/** The quantity as typed, or 0 while it is not a whole number from 1 (so the totals never show NaN). */
function countedQuantity(line: DraftLine): number {
  const quantity = Number(line.quantity);
  return Number.isInteger(quantity) && quantity > 0 ? quantity : 0;
}

function countedPrice(line: DraftLine): string {
  const price = line.unitPrice.trim();
  return AMOUNT.test(price) ? price : '0';
}

function depositOf(draft: QuoteDraft): number {
  const percent = Number(draft.depositPercent);
  return Number.isInteger(percent) && percent >= 0 && percent <= 100 ? percent : 0;
}

/** The totals the server will compute, from the same shared function; lines still being typed count as 0. */
export function draftTotals(draft: QuoteDraft): QuoteTotals {
  return quoteTotals(
    draft.lines.map((line) => ({
      kind: line.kind,
      quantity: countedQuantity(line),
      unitPrice: countedPrice(line),
      taxable: line.taxable,
    })),
    depositOf(draft),
  );
}

function lineInput(line: DraftLine): QuoteLineInput {
  const quantity = line.quantity.trim() === '' ? Number.NaN : Number(line.quantity);
  if (line.kind === 'product') {
    return { kind: 'product', productId: line.productId ?? '', quantity, taxable: line.taxable };
  }
  const fields = { description: line.description, quantity, unitPrice: line.unitPrice, taxable: line.taxable };
  return line.kind === 'service' ? { kind: 'service', ...fields } : { kind: 'recurring', ...fields, interval: 'month' };
}

function customerInput(customer: CustomerChoice): QuoteCreateInput['customer'] {
  if (customer.kind === 'account') return { userId: customer.userId };
  return {
    name: customer.name,
    email: customer.email,
    ...(customer.company.trim() ? { company: customer.company } : {}),
  };
}

/** POST /api/admin/quotes's body: what staff chose, never an amount the server computes. */
export function createBody(draft: QuoteDraft): QuoteCreateInput {
  const deposit = draft.depositPercent.trim();
  return {
    customer: customerInput(draft.customer),
    title: draft.title,
    lines: draft.lines.map(lineInput),
    validUntil: draft.validUntil,
    ...(deposit ? { depositPercent: Number(deposit) } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes } : {}),
    ...(draft.terms.trim() ? { terms: draft.terms } : {}),
    ...(draft.source ? { source: draft.source } : {}),
  };
}

/** PATCH /api/admin/quotes/:id's body (a draft): every field, notes and terms cleared when emptied. */
export function patchBody(draft: QuoteDraft): QuotePatchInput {
  const { source: _source, ...body } = createBody(draft);
  return { ...body, notes: draft.notes, terms: draft.terms };
}

/** Where an error is shown: a field of the quote ('title', 'customer.email', 'lines') or of a line ('<key>.unitPrice'). */
export type DraftErrors = Record<string, string>;

function errorsOf(draft: QuoteDraft, error: z.ZodError): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of error.issues) {
    const [first, second, third] = issue.path;
    let where = String(first ?? '');
    if (first === 'lines' && typeof second === 'number') {
      where = `${draft.lines[second]?.key ?? 'lines'}.${String(third ?? 'line')}`;
    } else if (first === 'customer') {
      where = draft.customer.kind === 'account' ? 'customer' : `customer.${String(second ?? 'name')}`;
    }
    if (!(where in errors)) errors[where] = issue.message;
  }
  return errors;
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: DraftErrors };

/** The create body checked with the shared schema (the API's own rules and messages). */
export function checkCreate(draft: QuoteDraft): Checked<QuoteCreateInput> {
  const body = createBody(draft);
  const result = quoteCreateSchema.safeParse(body);
  return result.success ? { ok: true, body } : { ok: false, errors: errorsOf(draft, result.error) };
}

/** The patch body checked with the shared schema. */
export function checkPatch(draft: QuoteDraft): Checked<QuotePatchInput> {
  const body = patchBody(draft);
  const result = quotePatchSchema.safeParse(body);
  return result.success ? { ok: true, body } : { ok: false, errors: errorsOf(draft, result.error) };
}

/** The builder's draft of an existing (draft) quote. */
export function draftFromQuote(quote: Quote): QuoteDraft {
  return {
    customer: quote.customerUserId
      ? { kind: 'account', userId: quote.customerUserId, name: quote.customer.name, email: quote.customer.email }
      : { kind: 'new', name: quote.customer.name, email: quote.customer.email, company: quote.customer.company ?? '' },
    title: quote.title,
    lines: [...quote.lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        key: nextLineKey(),
        kind: line.kind,
        productId: line.productId,
        description: line.description,
        quantity: String(line.quantity),
        unitPrice: line.unitPrice,
        taxable: line.taxable,
      })),
    validUntil: quote.validUntil,
    depositPercent: String(quote.depositPercent),
    notes: quote.notes ?? '',
    terms: quote.terms ?? '',
    source: quote.source,
  };
}

/** The quote as the client will see it, from the draft as it stands (the builder's preview). */
export function previewQuote(draft: QuoteDraft, base?: Pick<PublicQuote, 'number' | 'version'>): PublicQuote {
  const customer =
    draft.customer.kind === 'account'
      ? { name: draft.customer.name, email: draft.customer.email ?? '', company: null }
      : { name: draft.customer.name, email: draft.customer.email, company: draft.customer.company.trim() || null };
  return {
    number: base?.number ?? 'Q-DRAFT',
    version: base?.version ?? 1,
    status: 'sent',
    title: draft.title || 'Untitled quote',
    customer,
    lines: draft.lines.map((line, index) => {
      const priced = { quantity: countedQuantity(line), unitPrice: countedPrice(line) };
      return {
        id: line.key,
        position: index + 1,
        kind: line.kind,
        productId: line.productId,
        description: line.description || '(no description)',
        quantity: priced.quantity,
        unitPrice: fromCents(lineTotalCents({ quantity: 1, unitPrice: priced.unitPrice })),
        taxable: line.kind === 'recurring' ? false : line.taxable,
        interval: line.kind === 'recurring' ? 'month' : null,
        lineTotal: fromCents(lineTotalCents(priced)),
      };
    }),
    totals: draftTotals(draft),
    depositPercent: depositOf(draft),
    validUntil: draft.validUntil,
    terms: draft.terms.trim() || null,
    sentAt: null,
    acceptedAt: null,
    signatureName: null,
    paidAt: null,
    convertedAt: null,
    replacedByUrl: null,
  };
}
