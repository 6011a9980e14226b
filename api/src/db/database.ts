import knex, { type Knex } from 'knex';
import pg from 'pg';
import { knexConfig } from '../../../knexfile';
import type { Logger } from '../logger';
import { markConnectionFailures } from './database-errors';

// COUNT(*) and other bigints come back as strings by default; our counts are small.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

export type { Knex };

/** Knex's own messages (a lost connection, a failed acquire) as structured log lines instead of console text. */
function knexLog(logger: Logger): Knex.Logger {
  return {
    warn: (message: string) => logger.warn({ knex: message }, 'database'),
    error: (message: string) => logger.error({ knex: message }, 'database'),
    deprecate: (message: string) => logger.warn({ knex: message }, 'database'),
    debug: (message: string) => logger.debug({ knex: message }, 'database'),
  };
}

/**
 * Opens a pool. Objection's models are deliberately not bound to it
 * (no Model.knex()): every query is given its connection or transaction,
 * see "Data access" in docs/architecture.md.
 */
export function connectDatabase(connectionString: string, options: { poolMax?: number; logger?: Logger } = {}): Knex {
  const config = knexConfig(connectionString, options);
  const db = knex(options.logger ? { ...config, log: knexLog(options.logger) } : config);
  markConnectionFailures(db);
  return db;
}

export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

/** How many migrations of this build the database has not applied (knex's own bookkeeping: one query). */
export async function countPendingMigrations(db: Knex): Promise<number> {
  const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
  return pending.length;
}
