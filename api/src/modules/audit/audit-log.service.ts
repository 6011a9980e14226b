import type { Knex } from 'knex';
import { auditRange, type AuditLogEntry, type AuditLogPage, type AuditLogQuery } from '@shared/schemas/audit-log';
import { isUuid } from '@shared/schemas/text';
import { BadRequest } from '../../errors';
import { csvRow } from '../../csv';

/**
 * Reading the audit log (decision 168): newest first, in keyset pages over
 * (at desc, id desc) — the order of `audit_log_at_id_index` — filtered by
 * actor, action (exact, or a `thing.` prefix) and time; and the CSV export of
 * every row of the same filter, read page by page so it never holds the
 * whole log in memory.
 */

interface AuditRow {
  id: string;
  at: Date;
  micros: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  ip: string | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  before: unknown;
  after: unknown;
}

/** The page cursor: base64url of `<at in epoch microseconds>.<id>` of the last row of the page. */
interface AuditCursor {
  micros: string;
  id: string;
}

const CURSOR_TEXT = /^(\d{1,17})\.(\d{1,19})$/;
/** The largest bigint: an id past it would fail in SQL (a 500) instead of being refused. */
const MAX_ID = 9_223_372_036_854_775_807n;

function writeCursor(row: AuditRow): string {
  return Buffer.from(`${row.micros}.${row.id}`).toString('base64url');
}

function readCursor(text: string): AuditCursor {
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!match || BigInt(match[2]!) > MAX_ID) throw new BadRequest('cursor: Invalid cursor');
  return { micros: match[1]!, id: match[2]! };
}

type Filters = Pick<AuditLogQuery, 'actor' | 'action' | 'from' | 'to'>;

function filtered(db: Knex, filters: Filters): Knex.QueryBuilder {
  const query = db('audit_log as a').select(
    db.raw('a.id::text as id'),
    'a.at',
    db.raw('(extract(epoch from a.at) * 1000000)::bigint::text as micros'),
    'a.actorId',
    'a.actorName',
    'a.actorRole',
    'a.ip',
    'a.action',
    'a.recordType',
    'a.recordId',
    'a.before',
    'a.after',
  );
  if (filters.actor) {
    const actor = filters.actor;
    query.where((where) => {
      where.whereRaw('lower(a.actor_name) = lower(?)', [actor]);
      if (isUuid(actor)) where.orWhere('a.actorId', actor.toLowerCase());
    });
  }
  if (filters.action) {
    if (filters.action.endsWith('.')) query.whereRaw('starts_with(a.action, ?)', [filters.action]);
    else query.where('a.action', filters.action);
  }
  const { from, to } = auditRange(filters);
  if (from !== undefined) query.where('a.at', '>=', new Date(from));
  if (to !== undefined) query.where('a.at', '<', new Date(to));
  return query;
}

/** Rows of the filter after `cursor`, newest first: `limit` + 1 of them at the most. */
async function readRows(db: Knex, filters: Filters, cursor: AuditCursor | null, limit: number): Promise<AuditRow[]> {
  const query = filtered(db, filters)
    .orderBy([
      { column: 'a.at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(limit + 1);
  if (cursor) {
    const micros = BigInt(cursor.micros);
    const seconds = micros / 1_000_000n;
    query.whereRaw(
      `(a.at, a.id) < (timestamptz 'epoch' + ? * interval '1 second' + ? * interval '1 microsecond', ?::bigint)`,
      [seconds.toString(), (micros - seconds * 1_000_000n).toString(), cursor.id],
    );
  }
  return (await query) as AuditRow[];
}

function toEntry(row: AuditRow): AuditLogEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
    ip: row.ip,
    action: row.action,
    record: { type: row.recordType, id: row.recordId },
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export async function listAuditLog(db: Knex, query: AuditLogQuery): Promise<AuditLogPage> {
  const cursor = query.cursor ? readCursor(query.cursor) : null;
  const rows = await readRows(db, query, cursor, query.limit);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit ? writeCursor(page.at(-1)!) : null,
  };
}

const CSV_HEADER = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'actor_role',
  'ip',
  'action',
  'record_type',
  'record_id',
  'before',
  'after',
];
const CSV_BATCH = 500;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Every row of the filter, newest first, as CSV text (the header first), a page of rows at a time. */
export async function* auditLogCsv(db: Knex, filters: Filters): AsyncGenerator<string> {
  yield csvRow(CSV_HEADER);
  let cursor: AuditCursor | null = null;
  for (;;) {
    const rows = await readRows(db, filters, cursor, CSV_BATCH);
    const page = rows.slice(0, CSV_BATCH);
    yield page
      .map((row) =>
        csvRow([
          row.id,
          new Date(row.at).toISOString(),
          row.actorId,
          row.actorName,
          row.actorRole,
          row.ip,
          row.action,
          row.recordType,
          row.recordId,
          json(row.before),
          json(row.after),
        ]),
      )
      .join('');
    if (rows.length <= CSV_BATCH) return;
    cursor = { micros: page.at(-1)!.micros, id: page.at(-1)!.id };
  }
}
