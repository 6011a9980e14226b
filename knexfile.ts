import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { migrationSource } from './migrations/index';

/**
 * Knex settings for a PostgreSQL connection string. The server, the CLI
 * scripts and the tests all build their Knex from this.
 * snake_case in the database, camelCase in TypeScript.
 */
export function knexConfig(connectionString: string, options: { poolMax?: number } = {}): Knex.Config {
  return {
    client: 'pg',
    connection: { connectionString, application_name: 'northstar-it' },
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...knexSnakeCaseMappers(),
  };
}

/**
 * For the knex CLI against an external database, e.g.
 *   DATABASE_URL=postgres://… npx tsx node_modules/knex/bin/cli.js --knexfile knexfile.ts migrate:status
 * `npm run migrate` does the same and also works with the embedded database.
 */
export default async function cliConfig(): Promise<Knex.Config> {
  const { parseEnv } = await import('./api/src/config');
  const { databaseUrl } = parseEnv(process.env);
  if (!databaseUrl) throw new Error('Set DATABASE_URL, or use `npm run migrate` for the embedded database.');
  return knexConfig(databaseUrl);
}
