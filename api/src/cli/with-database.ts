import type { Knex } from 'knex';
import { loadConfigOrExit, type Config } from '../config';
import { connectDatabase } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { createLogger } from '../logger';

/** Thrown by a command for a clean "error: …" line and exit code 1, without a stack. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/**
 * Runs a command against the configured database: DATABASE_URL, or the
 * embedded one under DATA_DIR (started for the command and stopped after).
 */
export async function withDatabase(run: (db: Knex, config: Config) => Promise<void>): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, logger });
  const db = connectDatabase(config.databaseUrl ?? embedded!.url, { poolMax: 2 });
  try {
    await run(db, config);
  } catch (err) {
    if (err instanceof CommandError || (err instanceof Error && 'status' in err)) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = 1;
    } else {
      throw err;
    }
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}
