import type { Knex } from 'knex';
import { readPageCursor, writePageCursor, type PageCursor } from '@shared/schemas/page-cursor';
import { BadRequest } from '../errors';

/**
 * Keyset pages ("seek method") over `(created_at desc, id desc)`, the one
 * helper of every such list, with the one cursor format of
 * shared/src/schemas/page-cursor.ts (decision 164). Page 500 costs what
 * page 1 costs, given an index in that order.
 */

/** The cursor a client sent back; anything the server did not write is a 400 naming `field`. */
export function decodeCursor(text: string, field = 'cursor'): PageCursor {
  const cursor = readPageCursor(text);
  if (!cursor) throw new BadRequest(`${field}: Invalid cursor`);
  return cursor;
}

/** The created_at of `alias` in epoch microseconds (PostgreSQL keeps microseconds; a JS Date would lose them). */
export const createdMicrosSql = (alias: string) => `(extract(epoch from ${alias}.created_at) * 1000000)::bigint`;

/** Which way a query reads its rows for `cursor`: newest first, or oldest first when reading back. */
export const keysetOrder = (cursor: PageCursor | null): 'asc' | 'desc' =>
  cursor?.direction === 'newer' ? 'asc' : 'desc';

/** `(created_at, id) <op> (the cursor's)` of the rows of `alias`, exact to the microsecond: SQL and its bindings. */
export function cursorCondition(cursor: PageCursor, alias: string): [string, string[]] {
  const micros = BigInt(cursor.micros);
  const seconds = micros / 1_000_000n;
  const op = cursor.direction === 'older' ? '<' : '>';
  return [
    `(${alias}.created_at, ${alias}.id) ${op} (timestamptz 'epoch' + ? * interval '1 second' + ? * interval '1 microsecond', ?::uuid)`,
    [seconds.toString(), (micros - seconds * 1_000_000n).toString(), cursor.id],
  ];
}

/** Orders a query of `alias` for `cursor`, reads one row beyond `limit`, and starts after the cursor. */
export function seekPage(query: Knex.QueryBuilder, alias: string, cursor: PageCursor | null, limit: number): void {
  const order = keysetOrder(cursor);
  query
    .orderBy([
      { column: `${alias}.created_at`, order },
      { column: `${alias}.id`, order },
    ])
    .limit(limit + 1);
  if (cursor) query.whereRaw(...cursorCondition(cursor, alias));
}

/**
 * The page out of the rows read (`limit` + 1 at the most, in `keysetOrder`), newest first, with the cursors of
 * the pages either side of it: `nextCursor` (older) null on the last page, `prevCursor` (newer) null on the first.
 */
export function pageOf<Row extends { id: string; createdMicros: string | number }>(
  rows: Row[],
  limit: number,
  cursor: PageCursor | null,
): { page: Row[]; nextCursor: string | null; prevCursor: string | null } {
  const newer = cursor?.direction === 'newer';
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (newer) page.reverse();
  const boundary = (row: Row | undefined, direction: PageCursor['direction']) =>
    row ? writePageCursor({ direction, micros: String(row.createdMicros), id: row.id }) : null;
  return {
    page,
    // Reading older: more rows mean an older page; any cursor means a newer one. Reading newer: the other way round.
    nextCursor: newer || more ? boundary(page.at(-1), 'older') : null,
    prevCursor: newer ? (more ? boundary(page[0], 'newer') : null) : cursor ? boundary(page[0], 'newer') : null,
  };
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
