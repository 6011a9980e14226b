import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../api/src/config';
import { DEFAULT_ASSIGNMENT_SETTINGS } from '../../shared/src/schemas/assignment';
import { connectDatabase } from '../../api/src/db/database';
import { createLogger } from '../../api/src/logger';
import { startServer, type RunningServer } from '../../api/src/server';
import { testConfig, type TestConfigOverrides } from '../../api/src/test/config';
import { createTestDatabase, type TestDatabase } from '../../api/src/test/database';
import { freePort } from '../../api/src/test/global-setup';

interface SiteServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly db: Knex;
  readonly config: Config;
  /** Stops the server and starts it again on the same port and database. */
  restart(): Promise<void>;
}

/**
 * The real server (the production build of the web app plus the API) on its
 * own database, for one test file; automatic assignment off unless asked for.
 */
export function useSiteServer(
  overrides: TestConfigOverrides | (() => TestConfigOverrides) = {},
  options: { autoAssign?: boolean } = {},
): SiteServer {
  let database: TestDatabase;
  let running: RunningServer;
  let config: Config;
  const start = async () => {
    running = await startServer({
      config,
      logger: createLogger(config.logLevel),
      webRoot: path.resolve('dist/web'),
      shutdownGraceMs: 2_000,
    });
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    if (!options.autoAssign) {
      // Automatic assignment would give the test's chats and tickets to its staff (with notifications of its own):
      // only tests about it turn it on.
      const db = connectDatabase(database.url, { poolMax: 1 });
      await db('settings').insert({
        key: 'assignment',
        value: JSON.stringify({ ...DEFAULT_ASSIGNMENT_SETTINGS, autoAssign: false }),
      });
      await db.destroy();
    }
    const port = await freePort();
    config = testConfig({
      databaseUrl: database.url,
      port,
      host: '127.0.0.1',
      publicUrl: `http://127.0.0.1:${port}`,
      // A function is read now, once what it needs (an SMTP server of the test) is running.
      ...(typeof overrides === 'function' ? overrides() : overrides),
    });
    await start();
  });
  afterAll(async () => {
    await running?.close();
    await database?.drop();
  });
  return {
    get url() {
      return config.publicUrl;
    },
    get db() {
      return running.deps.db;
    },
    get config() {
      return config;
    },
    async restart() {
      await running.close();
      await start();
    },
  };
}
