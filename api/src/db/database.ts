import knex, { type Knex } from 'knex';
import pg from 'pg';
import { knexConfig } from '../../../knexfile';

// COUNT(*) and other bigints come back as strings by default; our counts are small.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

/**
 * Opens a pool. Objection's models are deliberately not bound to it
 * (no Model.knex()): every query is given its connection or transaction,
 * see "Data access" in docs/architecture.md.
 */
export function connectDatabase(connectionString: string, options: { poolMax?: number } = {}): Knex {
  return knex(knexConfig(connectionString, options));
}

export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}
