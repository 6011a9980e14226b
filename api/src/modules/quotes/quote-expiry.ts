import type { Knex } from 'knex';
import { enqueueMail } from '../mail/outbox';
import { quoteToken } from './quote-links';
import { quoteColumns, recordQuoteEvent, type QuoteLinks, type QuoteRow } from './quote-rows';
import { longDay, todaySql } from './quote-transitions';
import { displayNumber } from './quotes.service';

/**
 * The maintenance task: quotes still open (sent or viewed) past their last
 * valid day become `expired`, each with its timeline entry. One statement
 * under the rows' locks: an accept holding a row finishes first, and an
 * instance running this at the same time finds nothing left to do.
 */
export async function expireQuotes(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    const expired = await trx('quotes')
      .whereIn('status', ['sent', 'viewed'])
      .whereRaw(`valid_until < ${todaySql}`)
      .update({ status: 'expired', expiredAt: trx.fn.now(), updatedAt: trx.fn.now() })
      .returning<{ id: string; validUntil: string }[]>([
        'id',
        trx.raw(`to_char(valid_until, 'YYYY-MM-DD') as valid_until`),
      ]);
    if (expired.length > 0) {
      await trx('quote_events').insert(
        expired.map(({ id, validUntil }) => ({
          quoteId: id,
          type: 'expired',
          data: JSON.stringify({ validUntil }),
        })),
      );
    }
    return expired.length;
  });
}

/** Days before the last valid day when an open quote's client is reminded. */
export const REMINDER_DAYS = 3;

/**
 * The maintenance task: each open quote (sent or viewed) whose last valid
 * day is at most three days away gets one reminder, per version. The rows are
 * claimed (`reminded_at`) in the transaction that queues the mail, skipping
 * rows another instance holds, and the mail's key is the quote's: never twice.
 */
export async function remindExpiringQuotes(db: Knex, links: QuoteLinks): Promise<number> {
  return db.transaction(async (trx) => {
    const due = (await trx('quotes as q')
      .select(quoteColumns(trx))
      .whereIn('q.status', ['sent', 'viewed'])
      .whereNull('q.remindedAt')
      .whereRaw(`q.valid_until >= ${todaySql}`)
      .whereRaw(`q.valid_until <= ${todaySql} + ?::int`, [REMINDER_DAYS])
      .orderBy('q.valid_until')
      .limit(200)
      .forUpdate()
      .skipLocked()) as QuoteRow[];
    for (const row of due) {
      await trx('quotes').where({ id: row.id }).update({ remindedAt: trx.fn.now() });
      await recordQuoteEvent(trx, row.id, 'reminded', null, { to: row.customerEmail });
      await enqueueMail(trx, {
        template: 'quote-reminder',
        to: row.customerEmail,
        data: {
          customerName: row.customerName,
          number: displayNumber(row),
          title: row.title,
          validUntil: longDay(row.validUntil),
          token: quoteToken(links.secret, row.id),
        },
        idempotencyKey: `quote-reminder:${row.id}`,
      });
    }
    return due.length;
  });
}
