import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Quote, QuoteStatus } from '@shared/schemas/quotes';
import { company } from '@shared/site/company';
import { Conflict } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { enqueueMail } from '../mail/outbox';
import { quoteToken, quoteTokenHash } from './quote-links';
import { quoteFilename, renderQuotePdf } from './quote-pdf';
import {
  linesOf,
  loadQuote,
  recordQuoteEvent,
  toPublicQuote,
  toQuote,
  type QuoteLinks,
  type QuoteRow,
} from './quote-rows';
import { displayNumber, type QuoteStaff } from './quotes.service';

/**
 * The staff side of a quote's life: send, revise, withdraw. Each is one
 * transaction holding the quote's row lock (`for update`), so of a client's
 * accept and staff's revise or withdraw arriving together exactly one wins
 * and the other answers 409 naming the state it found.
 */

/** Today in the company's time zone (validity is a calendar day there). */
export const todaySql = `(now() at time zone '${company.hours.timeZone}')::date`;

export function refuse(row: QuoteRow, action: string, allowed: readonly QuoteStatus[]): never {
  throw new Conflict(
    `Quote ${displayNumber(row)} is ${row.status}: only a ${allowed.join(' or ')} quote can be ${action}`,
  );
}

const staffOf = (staff: QuoteStaff) => ({ id: staff.user.id, name: staff.user.displayName });

/** "December 31, 2026" from YYYY-MM-DD. */
export const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** draft → sent: the prices are final from now on; the client gets the link and the PDF. */
export async function sendQuote(db: Knex, links: QuoteLinks, staff: QuoteStaff, id: string): Promise<Quote> {
  return db.transaction(async (trx) => {
    const row = await loadQuote(trx, { id }, { lock: true });
    if (row.status !== 'draft') refuse(row, 'sent', ['draft']);
    const { rows } = await trx.raw<{ rows: { past: boolean }[] }>(`select ?::date < ${todaySql} as past`, [
      row.validUntil,
    ]);
    if (rows[0]!.past) {
      throw new Conflict(
        `Quote ${displayNumber(row)} was valid until ${row.validUntil}: change that date before sending`,
      );
    }
    await trx('quotes')
      .where({ id })
      .update({ status: 'sent', sentBy: staff.user.id, sentAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await recordQuoteEvent(trx, id, 'sent', staffOf(staff), { to: row.customerEmail });
    await recordAudit(trx, staff.actor, {
      action: 'quote.sent',
      recordType: 'quote',
      recordId: id,
      before: { status: row.status },
      after: { status: 'sent', to: row.customerEmail },
    });
    const sent = await loadQuote(trx, { id });
    const lines = await linesOf(trx, id);
    const view = await toPublicQuote(trx, links, sent, lines);
    const token = quoteToken(links.secret, id);
    await enqueueMail(trx, {
      template: 'quote-sent',
      to: sent.customerEmail,
      data: {
        customerName: sent.customerName,
        number: displayNumber(sent),
        title: sent.title,
        oneTimeTotal: view.totals.oneTimeTotal,
        recurringMonthly: view.totals.recurringMonthly,
        deposit: view.totals.deposit,
        validUntil: longDay(sent.validUntil),
        token,
        revision: sent.version > 1,
      },
      idempotencyKey: `quote-sent:${id}`,
      replyTo: staff.user.email,
      thread: { kind: 'quote', id },
      attachments: [
        {
          filename: quoteFilename(view),
          contentType: 'application/pdf',
          content: await renderQuotePdf(view, new Date(sent.sentAt ?? Date.now())),
        },
      ],
    });
    return toQuote(trx, links, sent, lines);
  });
}

/**
 * sent or viewed → superseded, and a new draft of the same number with the
 * next version and the same lines (prices as quoted). The old link then says
 * the quote was replaced, with the new one's link once that is sent.
 */
export async function reviseQuote(db: Knex, links: QuoteLinks, staff: QuoteStaff, id: string): Promise<Quote> {
  return db.transaction(async (trx) => {
    const row = await loadQuote(trx, { id }, { lock: true });
    if (row.status !== 'sent' && row.status !== 'viewed') refuse(row, 'revised', ['sent', 'viewed']);
    const newId = randomUUID();
    const version = row.version + 1;
    const {
      id: _id,
      status: _status,
      tokenHash: _tokenHash,
      sentBy: _sentBy,
      sentAt: _sentAt,
      viewedAt: _viewedAt,
      supersededBy: _supersededBy,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...kept
    } = row;
    await trx('quotes').insert({
      ...kept,
      id: newId,
      version,
      status: 'draft',
      tokenHash: quoteTokenHash(quoteToken(links.secret, newId)),
      createdBy: staff.user.id,
    });
    const lines = await linesOf(trx, id);
    await trx('quote_lines').insert(lines.map(({ id: _lineId, ...line }) => ({ ...line, quoteId: newId })));
    await trx('quotes').where({ id }).update({ status: 'superseded', supersededBy: newId, updatedAt: trx.fn.now() });
    await recordQuoteEvent(trx, id, 'revised', staffOf(staff), { quoteId: newId, version });
    await recordQuoteEvent(trx, newId, 'created', staffOf(staff), { revisionOf: id, version: row.version });
    await recordAudit(trx, staff.actor, {
      action: 'quote.revised',
      recordType: 'quote',
      recordId: id,
      before: { status: row.status },
      after: { status: 'superseded', supersededBy: newId, version },
    });
    return toQuote(trx, links, await loadQuote(trx, { id: newId }));
  });
}

/** draft, sent or viewed → withdrawn: the link then says so, and it can no longer be accepted. */
export async function withdrawQuote(db: Knex, links: QuoteLinks, staff: QuoteStaff, id: string): Promise<Quote> {
  return db.transaction(async (trx) => {
    const row = await loadQuote(trx, { id }, { lock: true });
    const allowed: QuoteStatus[] = ['draft', 'sent', 'viewed'];
    if (!allowed.includes(row.status)) refuse(row, 'withdrawn', allowed);
    await trx('quotes')
      .where({ id })
      .update({ status: 'withdrawn', withdrawnAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await recordQuoteEvent(trx, id, 'withdrawn', staffOf(staff));
    await recordAudit(trx, staff.actor, {
      action: 'quote.withdrawn',
      recordType: 'quote',
      recordId: id,
      before: { status: row.status },
      after: { status: 'withdrawn' },
    });
    return toQuote(trx, links, await loadQuote(trx, { id }));
  });
}
