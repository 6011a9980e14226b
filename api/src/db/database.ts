import knex, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import { knexConfig } from '../../../knexfile';

// COUNT(*) and other bigints come back as strings by default; our counts are small.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

export type { Knex };

/** Opens a pool and binds Objection's models to it. */
export function connectDatabase(connectionString: string, options: { poolMax?: number } = {}): Knex {
  const db = knex(knexConfig(connectionString, options));
  Model.knex(db);
  return db;
}

export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}
