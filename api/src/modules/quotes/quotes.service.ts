import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type {
  QuoteCreateInput,
  QuoteDetail,
  QuoteListQuery,
  QuotePage,
  QuotePatchInput,
  Quote,
} from '@shared/schemas/quotes';
import { createdMicrosSql, decodeCursor, pageOf, seekPage } from '../../db/keyset';
import { BadRequest, Conflict } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { User } from '../users/user.model';
import { quoteToken, quoteTokenHash } from './quote-links';
import { priceLines, totalsColumns, totalsOfLines, writeLines } from './quote-lines';
import {
  linesOf,
  loadQuote,
  quoteColumns,
  recordQuoteEvent,
  timelineOf,
  toQuote,
  toQuoteSummary,
  type QuoteLinks,
  type QuoteRow,
} from './quote-rows';

/** The staff member acting, as the timeline and the audit log name them. */
export interface QuoteStaff {
  user: User;
  actor: AuditActor;
}

const staffOf = (staff: QuoteStaff) => ({ id: staff.user.id, name: staff.user.displayName });

/** "Q-2026-0001": the year and the quote's place in it, four digits (more past 9,999). */
export function formatQuoteNumber(year: number, sequence: number): string {
  return `Q-${year}-${String(sequence).padStart(4, '0')}`;
}

/** What the console's search reads: number, customer and title, lower-cased. */
function searchTextOf(row: Pick<QuoteRow, 'number' | 'customerName' | 'customerEmail' | 'customerCompany' | 'title'>) {
  return [row.number, row.customerName, row.customerEmail, row.customerCompany ?? '', row.title]
    .join(' ')
    .toLowerCase();
}

async function customerOf(trx: Knex.Transaction, customer: QuoteCreateInput['customer']) {
  if ('userId' in customer) {
    const user = await User.query(trx).findById(customer.userId);
    if (!user || user.isStaff) throw new BadRequest('customer.userId: No such client');
    if (!user.email) throw new BadRequest('customer.userId: This client has no email address to send the quote to');
    return {
      customerUserId: user.id,
      customerName: user.displayName,
      customerEmail: user.email,
      customerCompany: null,
    };
  }
  return {
    customerUserId: null,
    customerName: customer.name,
    customerEmail: customer.email,
    customerCompany: customer.company || null,
  };
}

const sourceColumns = (source: QuoteCreateInput['source']) => ({
  sourceEnquiryId: source && 'enquiryId' in source ? source.enquiryId : null,
  sourceTicketId: source && 'serviceRequestId' in source ? source.serviceRequestId : null,
  sourceConversationId: source && 'conversationId' in source ? source.conversationId : null,
});

/** A source that names no enquiry, request or conversation is the client's mistake, not a conflict. */
async function refusingUnknownSource<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const pgErr = err as { code?: string; constraint?: string };
    if (pgErr.code === '23503' && pgErr.constraint?.startsWith('quotes_source_')) {
      throw new BadRequest('source: No such enquiry, service request or conversation');
    }
    throw err;
  }
}

/**
 * A new draft: numbered from the year's row in `quote_counters` (raised with
 * an upsert that holds the row until commit, so a year's numbers have no
 * gaps, like invoices), its lines priced and its totals computed here.
 */
export async function createQuote(
  db: Knex,
  links: QuoteLinks,
  staff: QuoteStaff,
  input: QuoteCreateInput,
): Promise<Quote> {
  return db.transaction(async (trx) => {
    const customer = await customerOf(trx, input.customer);
    const lines = await priceLines(trx, input.lines);
    const depositPercent = input.depositPercent ?? 0;
    const totals = totalsOfLines(lines, depositPercent);
    const year = new Date().getUTCFullYear();
    const { rows } = await trx.raw<{ rows: { lastNumber: number }[] }>(
      `insert into quote_counters (year, last_number) values (?, 1)
       on conflict (year) do update set last_number = quote_counters.last_number + 1
       returning last_number as "lastNumber"`,
      [year],
    );
    const sequence = rows[0]!.lastNumber;
    const id = randomUUID();
    const number = formatQuoteNumber(year, sequence);
    const fields = { number, title: input.title, ...customer };
    await refusingUnknownSource(
      trx('quotes').insert({
        id,
        year,
        sequence,
        version: 1,
        status: 'draft',
        ...fields,
        depositPercent,
        validUntil: input.validUntil,
        notes: input.notes || null,
        terms: input.terms || null,
        ...sourceColumns(input.source),
        tokenHash: quoteTokenHash(quoteToken(links.secret, id)),
        createdBy: staff.user.id,
        searchText: searchTextOf(fields),
        ...totalsColumns(totals),
      }),
    );
    await writeLines(trx, id, lines);
    await recordQuoteEvent(trx, id, 'created', staffOf(staff));
    await recordAudit(trx, staff.actor, {
      action: 'quote.created',
      recordType: 'quote',
      recordId: id,
      after: { number },
    });
    return toQuote(trx, links, await loadQuote(trx, { id }));
  });
}

/** Changes a draft (lines, customer, dates, texts); anything past draft is 409 naming its state. */
export async function updateQuote(
  db: Knex,
  links: QuoteLinks,
  staff: QuoteStaff,
  id: string,
  input: QuotePatchInput,
): Promise<Quote> {
  return db.transaction(async (trx) => {
    const row = await loadQuote(trx, { id }, { lock: true });
    if (row.status !== 'draft') {
      throw new Conflict(
        `Quote ${displayNumber(row)} is ${row.status}: only a draft can be changed (revise it instead)`,
      );
    }
    const previous = await linesOf(trx, id);
    const lines = input.lines ? await priceLines(trx, input.lines, previous) : previous;
    const depositPercent = input.depositPercent ?? row.depositPercent;
    const totals = totalsOfLines(lines, depositPercent);
    const customer = input.customer ? await customerOf(trx, input.customer) : {};
    const next = { ...row, ...customer, title: input.title ?? row.title };
    await trx('quotes')
      .where({ id })
      .update({
        ...customer,
        title: next.title,
        depositPercent,
        ...(input.validUntil ? { validUntil: input.validUntil } : {}),
        ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
        ...(input.terms !== undefined ? { terms: input.terms || null } : {}),
        searchText: searchTextOf(next),
        ...totalsColumns(totals),
        updatedAt: trx.fn.now(),
      });
    if (input.lines) await writeLines(trx, id, lines);
    await recordQuoteEvent(trx, id, 'updated', staffOf(staff), { fields: Object.keys(input).sort().join(', ') });
    return toQuote(trx, links, await loadQuote(trx, { id }));
  });
}

/** "Q-2026-0001", or "Q-2026-0001-v2" for a revision. */
export const displayNumber = (row: Pick<QuoteRow, 'number' | 'version'>) =>
  row.version > 1 ? `${row.number}-v${row.version}` : row.number;

/** Newest first, by status and by what was typed (number, customer, title), a keyset page at a time. */
export async function listQuotes(db: Knex, query: QuoteListQuery): Promise<QuotePage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const select = db.select(quoteColumns(db), db.raw(`${createdMicrosSql('q')} as "createdMicros"`)).from('quotes as q');
  if (query.status) select.where('q.status', query.status);
  const q = query.q?.toLowerCase();
  if (q) select.whereRaw(`q.search_text like ? escape '\\'`, [`%${q.replace(/[\\%_]/g, '\\$&')}%`]);
  seekPage(select, 'q', cursor, query.limit);
  const rows = (await select) as (QuoteRow & { createdMicros: string })[];
  const { page, nextCursor, prevCursor } = pageOf(rows, query.limit, cursor);
  return { quotes: page.map(toQuoteSummary), nextCursor, prevCursor };
}

export async function readQuote(db: Knex, links: QuoteLinks, id: string): Promise<QuoteDetail> {
  const row = await loadQuote(db, { id });
  const [quote, timeline] = await Promise.all([toQuote(db, links, row), timelineOf(db, id)]);
  return { ...quote, timeline };
}
