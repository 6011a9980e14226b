import type { Knex } from 'knex';
import { loadConfigOrExit, type Config } from '../config';
import { connectDatabase } from '../db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { createLogger } from '../logger';
import { describeStartupError } from '../startup-errors';

/** Thrown by a command for a clean "error: …" line and exit code 1, without a stack. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/**
 * Runs a command against the configured database: DATABASE_URL, or the
 * embedded one under DATA_DIR — the server `npm start` is running on it, or
 * one started for the command and stopped after.
 */
export async function withDatabase(run: (db: Knex, config: Config) => Promise<void>): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, {
    format: config.logFormat,
    env: config.env,
  });
  let embedded: EmbeddedPostgres | null = null;
  let db: Knex | null = null;
  try {
    embedded = config.databaseUrl
      ? null
      : await startEmbeddedPostgres({
          dataDir: config.dataDir,
          port: config.embeddedPostgresPort,
          logger,
          reuseRunning: true,
        });
    db = connectDatabase(config.databaseUrl ?? embedded!.url, { poolMax: 2 });
    await run(db, config);
  } catch (err) {
    const known =
      err instanceof CommandError || (err instanceof Error && 'status' in err)
        ? err.message
        : describeStartupError(err, config);
    if (known === null) throw err;
    process.stderr.write(`error: ${known}\n`);
    process.exitCode = 1;
  } finally {
    await db?.destroy();
    await embedded?.stop();
  }
}
