import type { Knex } from 'knex';
import { todaySql } from './quote-transitions';

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
