import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Knex } from 'knex';
import { migrations } from '../../../migrations/index';

/**
 * Logical backups of the application's database (docs/decisions/073-backups.md):
 * every row of every table in the schema, read in one REPEATABLE READ
 * snapshot, as gzip-compressed JSON lines:
 *
 *   {"format":"northstar-backup","version":1,"createdAt":…,"migrations":[…],"tables":[…]}
 *   {"table":"users"}            then one line per row: PostgreSQL's own row_to_json text
 *   {"tableEnd":"users","rows":3}
 *   …
 *   {"end":true,"tables":18,"rows":1234}
 *
 * The schema is not in the file: it is the migrations named in the header,
 * which a restore replays. Values travel as PostgreSQL's JSON text and go
 * back through json_populate_recordset, so numbers, times and JSON are
 * restored exactly (JavaScript never parses them).
 */

export const BACKUP_FORMAT = 'northstar-backup';
export const BACKUP_VERSION = 1;
const BATCH = 500;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: string;
  server: string;
  migrations: string[];
  tables: string[];
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const KNEX_TABLES = new Set(['knex_migrations', 'knex_migrations_lock']);

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Bookkeeping, not data: the reports' count of changes (decision 214). A restored database counts from a new epoch
 * of its own, so no instance answers a report from before the restore.
 */
export const NOT_BACKED_UP = new Set(['report_changes', 'report_change_epochs']);

async function allTablesOf(db: Knex): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { tablename: string }[] }>(
    'select tablename from pg_tables where schemaname = current_schema() order by tablename',
  );
  return rows.map((row) => row.tablename);
}

/** The tables a backup holds. */
async function tablesOf(db: Knex): Promise<string[]> {
  return (await allTablesOf(db)).filter((table) => !NOT_BACKED_UP.has(table));
}

/** Writes a consistent backup of `db` to `file` (via a temporary file, so a failed backup leaves nothing). */
export async function writeBackup(db: Knex, file: string): Promise<BackupSummary> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  // Either stream failing (the file cannot be created, the disk is full) fails the pipeline, and with it the
  // next write: never an unhandled 'error', never a write waiting for a 'drain' that will not come.
  const written = pipeline(gzip, out);
  written.catch(() => undefined); // awaited below; a failure before then is not an unhandled rejection
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), written]);
  };
  let totalRows = 0;
  let tables: string[] = [];
  try {
    await db.transaction(
      async (trx) => {
        // Parents before the tables that reference them, so a restore can load the rows as they come.
        tables = await insertOrder(trx, await tablesOf(trx));
        const info = await trx.raw<{ rows: { database: string; server: string }[] }>(
          'select current_database() as database, version() as server',
        );
        const applied = tables.includes('knex_migrations')
          ? (await trx.raw<{ rows: { name: string }[] }>('select name from knex_migrations order by id')).rows
          : [];
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          database: info.rows[0]!.database,
          server: info.rows[0]!.server,
          migrations: applied.map((row) => row.name),
          tables,
        };
        await write(JSON.stringify(header));
        for (const table of tables) {
          await write(JSON.stringify({ table }));
          await trx.raw(
            `declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quoteIdent(table)} t`,
          );
          let rows = 0;
          for (;;) {
            const batch = await trx.raw<{ rows: { row: string }[] }>(`fetch ${BATCH} from backup_rows`);
            for (const { row } of batch.rows) await write(row);
            rows += batch.rows.length;
            if (batch.rows.length < BATCH) break;
          }
          await trx.raw('close backup_rows');
          await write(JSON.stringify({ tableEnd: table, rows }));
          totalRows += rows;
        }
        await write(JSON.stringify({ end: true, tables: tables.length, rows: totalRows }));
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    gzip.end();
    await written;
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true }).catch(() => undefined);
    if (isFileError(err)) throw new BackupError(`${partial} cannot be written: ${err.message}`);
    throw err;
  }
  return { file, tables: tables.length, rows: totalRows };
}

type Line = Record<string, unknown>;

/** The lines of a backup file, parsed only as far as the markers need (rows stay text). */
async function* backupLines(file: string): AsyncGenerator<{ text: string; marker: Line | null }> {
  // pipeline, not pipe: a file that cannot be read (a directory, no permission) fails the gunzip stream,
  // which the line reader reports, instead of an unhandled 'error' on the file stream.
  const source = createReadStream(file);
  const input = createGunzip();
  pipeline(source, input).catch(() => undefined); // its failure reaches the reader through `input`
  const lines = createInterface({ input, crlfDelay: Infinity });
  let expectRows = false;
  try {
    for await (const text of lines) {
      if (!expectRows || text.startsWith('{"tableEnd":')) {
        const marker = JSON.parse(text) as Line;
        if (typeof marker.table === 'string') expectRows = true;
        if (typeof marker.tableEnd === 'string') expectRows = false;
        yield { text, marker };
      } else {
        yield { text, marker: null };
      }
    }
  } catch (err) {
    if (isFileError(err)) throw new BackupError(`${file} cannot be read: ${err.message}`);
    if (isZlibError(err)) {
      throw new BackupError(`${file} is damaged or not a backup made by npm run db:backup (${err.message}).`);
    }
    throw err;
  } finally {
    // The header is read on its own: stop there, and let go of the file.
    lines.close();
    source.destroy();
    input.destroy();
  }
}

/** An error of the file system (Node's fs: ENOENT, EISDIR, EACCES, ENOSPC …). */
function isFileError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

/** zlib's error for bytes that are not gzip data. */
function isZlibError(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/** The header of a backup file, checked. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const { marker } of backupLines(file)) {
    if (marker?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
    if (marker.version !== BACKUP_VERSION) {
      throw new BackupError(
        `${file} is a backup of format version ${String(marker.version)}; this version reads ${BACKUP_VERSION}.`,
      );
    }
    return marker as unknown as BackupHeader;
  }
  throw new BackupError(`${file} is empty.`);
}

/** The schema's own functions (not those an extension such as pg_trgm installed there), as `name(argument types)`. */
async function functionsOf(trx: Knex.Transaction): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { fn: string }[] }>(
    `select p.oid::regprocedure::text as fn from pg_proc p
     where p.pronamespace = current_schema()::regnamespace and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
  );
  return rows.map((row) => row.fn);
}

/**
 * The tables to empty after the migrations: all, but those guarded by a BEFORE TRUNCATE trigger (the append-only
 * audit_log) that are empty anyway (a migration that seeded one would make the truncate, and the restore, fail).
 * An AFTER TRUNCATE trigger (the reports' count of changes, decision 214) only takes note: such a table is emptied.
 */
async function tablesToEmpty(trx: Knex.Transaction, tables: string[]): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { table: string }[] }>(
    `select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where c.relnamespace = current_schema()::regnamespace and (t.tgtype & 32) <> 0 and (t.tgtype & 2) <> 0`,
  );
  const emptied: string[] = [];
  for (const table of tables) {
    if (rows.some((row) => row.table === table)) {
      const { rows: held } = await trx.raw<{ rows: { held: boolean }[] }>(
        `select exists (select 1 from ${quoteIdent(table)}) as held`,
      );
      if (!held[0]?.held) continue;
    }
    emptied.push(table);
  }
  return emptied;
}

/** Other sessions on the database (a running server, a console): a restore must not pull tables from under them. */
export async function otherConnections(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows[0]?.count ?? 0;
}

/** Tables ordered so that every table comes after the tables it references. */
async function insertOrder(trx: Knex, tables: string[]): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { child: string; parent: string }[] }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of rows) {
    const unquoted = (name: string) => name.replace(/^"|"$/g, '');
    if (unquoted(child) !== unquoted(parent)) parents.get(unquoted(child))?.add(unquoted(parent));
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Knex's own bookkeeping tables, as its migrator creates them. */
async function createKnexTables(trx: Knex.Transaction): Promise<void> {
  await trx.schema.createTable('knex_migrations', (t) => {
    t.increments();
    t.string('name');
    t.integer('batch');
    t.timestamp('migration_time');
  });
  await trx.schema.createTable('knex_migrations_lock', (t) => {
    t.increments('index').primary();
    t.integer('is_locked');
  });
}

/** Each table's columns that take written values (not `generated always as … stored`), in table order. */
async function insertableColumns(trx: Knex.Transaction): Promise<Map<string, string[]>> {
  const { rows } = await trx.raw<{ rows: { table: string; column: string }[] }>(
    `select table_name as table, column_name as column from information_schema.columns
     where table_schema = current_schema() and is_generated = 'NEVER'
     order by table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const { table, column } of rows) columns.set(table, [...(columns.get(table) ?? []), column]);
  return columns;
}

/** Sets every serial and identity sequence past the largest restored value. */
async function resetSequences(trx: Knex.Transaction): Promise<void> {
  const { rows } = await trx.raw<{ rows: { table: string; column: string; sequence: string }[] }>(
    `select table_name as table, column_name as column,
            pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
     from information_schema.columns
     where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
  );
  for (const { table, column, sequence } of rows) {
    await trx.raw(
      `select setval(?, coalesce(max(${quoteIdent(column)}), 1), max(${quoteIdent(column)}) is not null) from ${quoteIdent(table)}`,
      [sequence],
    );
  }
}

/**
 * Replaces everything in `db`'s schema with the backup, in one transaction:
 * drops the tables and functions, replays the backup's migrations, empties what they
 * seeded, loads every row, resets sequences and checks the counts. On any
 * failure nothing has changed.
 */
export async function restoreBackup(db: Knex, file: string): Promise<BackupSummary> {
  const header = await readBackupHeader(file);
  const known = new Map(migrations);
  const unknown = header.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `The backup was made by a newer version of the application (unknown migrations: ${unknown.join(', ')}). Restore it with that version.`,
    );
  }
  const ours = migrations.map(([name]) => name);
  if (header.migrations.some((name, index) => ours[index] !== name)) {
    throw new BackupError(
      "The backup's migrations are not in the order this version applies them; it cannot be restored here.",
    );
  }

  let totalRows = 0;
  await db.transaction(async (trx) => {
    for (const table of await allTablesOf(trx)) await trx.raw(`drop table if exists ${quoteIdent(table)} cascade`);
    // The migrations create their functions again (the audit log's trigger function among them).
    for (const fn of await functionsOf(trx)) await trx.raw(`drop function if exists ${fn} cascade`);
    if (header.tables.some((table) => KNEX_TABLES.has(table))) await createKnexTables(trx);
    for (const name of header.migrations) await known.get(name)!.up(trx);

    const tables = await tablesOf(trx);
    const missing = header.tables.filter((table) => !tables.includes(table));
    if (missing.length > 0)
      throw new BackupError(`The migrations did not recreate these tables: ${missing.join(', ')}.`);
    const emptied = await tablesToEmpty(trx, tables);
    if (emptied.length > 0) await trx.raw(`truncate ${emptied.map(quoteIdent).join(', ')}`);

    // The file lists parents before the tables referencing them: rows go in as they are read.
    let current: string | null = null;
    let pending: string[] = [];
    let tableRows = 0;
    let tablesDone = 0;
    let ended = false;
    const insertable = await insertableColumns(trx);
    const flush = async () => {
      if (!current || pending.length === 0) return;
      // Generated columns (e.g. search vectors) are computed again, never written.
      const columns = (insertable.get(current) ?? []).map(quoteIdent).join(', ');
      await trx.raw(
        `insert into ${quoteIdent(current)} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${quoteIdent(current)}, ?::json)`,
        [`[${pending.join(',')}]`],
      );
      pending = [];
    };
    for await (const { text, marker } of backupLines(file)) {
      if (!marker) {
        pending.push(text);
        tableRows += 1;
        if (pending.length >= BATCH) await flush();
      } else if (typeof marker.table === 'string') {
        current = marker.table;
        tableRows = 0;
      } else if (typeof marker.tableEnd === 'string') {
        await flush();
        if (marker.tableEnd !== current || marker.rows !== tableRows) {
          throw new BackupError(
            `The backup is damaged: table ${String(marker.tableEnd)} does not have the rows it announces.`,
          );
        }
        totalRows += tableRows;
        tablesDone += 1;
        current = null;
      } else if (marker.end === true) {
        ended = marker.tables === tablesDone && marker.rows === totalRows;
      }
    }
    if (!ended || tablesDone !== header.tables.length) {
      throw new BackupError('The backup is incomplete or damaged: it does not end with every table it announces.');
    }
    await resetSequences(trx);
  });
  return { file, tables: header.tables.length, rows: totalRows };
}
