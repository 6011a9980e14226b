import type { Knex } from 'knex';

/**
 * Keyset pages ("seek method") over `(created_at desc, id desc)`: a cursor is
 * `<created_at in epoch microseconds>.<id>` of the last row sent, and the next
 * page is what sorts after it. Page 500 costs what page 1 costs, given an
 * index in that order.
 */

/** The created_at of `alias` in epoch microseconds (PostgreSQL keeps microseconds; a JS Date would lose them). */
export const createdMicrosSql = (alias: string) => `(extract(epoch from ${alias}.created_at) * 1000000)::bigint`;

/** Adds "after this cursor" to a query ordered by (created_at desc, id desc) of `alias`. */
export function afterCursor(query: Knex.QueryBuilder, alias: string, cursor: string | undefined): void {
  if (!cursor) return;
  const [micros = '0', id = ''] = cursor.split('.');
  query.whereRaw(
    `(${alias}.created_at, ${alias}.id) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?::uuid)`,
    [micros, id],
  );
}

/** The cursor of the next page: from the extra row fetched beyond `limit`, or null on the last page. */
export function nextCursorOf<Row extends { id: string; createdMicros: string | number }>(
  rows: Row[],
  limit: number,
): { page: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { page: rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { page, nextCursor: `${last.createdMicros}.${last.id}` };
}

/**
 * A full-text query from what staff typed: each word a prefix match, all
 * words required. Only letters, digits and `@ . _ -` are kept, so nothing
 * typed can break the query syntax. Null when nothing is left.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}@._-]/gu, ''))
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((word) => `'${word}':*`).join(' & ');
}
