import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_ASSIGNMENT_SETTINGS } from '@shared/schemas/assignment';
import type { Config } from '../config';
import { connectDatabase } from '../db/database';
import { createLogger } from '../logger';
import type { ChatServerOptions } from '../modules/chat/socket/server';
import type { PassResult } from '../modules/assignment/assigner';
import type { MailWorkerOptions } from '../modules/mail/mail-worker';
import { startServer, type RunningServer } from '../server';
import { testConfig, type TestConfigOverrides } from './config';
import { createTestDatabase, type TestDatabase } from './database';
import { freePort } from './global-setup';

export interface ApiServers {
  /** The database all instances share. */
  readonly db: Knex;
  url(instance?: number): string;
  instance(index?: number): RunningServer;
  config(index?: number): Config;
  /** Stops an instance and starts it again on the same port. */
  restart(index?: number): Promise<void>;
}

/**
 * `count` real API instances (HTTP, chat socket, mail worker) on one fresh
 * database, for one test file: what production runs behind a load balancer.
 * `configure` gives each instance its own settings (read once the test's own
 * servers, such as an SMTP server, are running).
 */
export function useApiServers(
  count: number,
  options: {
    chat?: ChatServerOptions;
    mail?: MailWorkerOptions;
    serviceLevels?: { intervalMs?: number };
    /** Automatic assignment's sweep and a listener of each instance's passes (`index`: the instance). */
    assignment?: { sweepMs?: number; onPass?: (result: PassResult, index: number) => void };
    configure?: (index: number) => TestConfigOverrides;
  },
): ApiServers {
  let database: TestDatabase;
  const running: RunningServer[] = [];
  const configs: Config[] = [];
  const start = async (index: number) => {
    const config = configs[index]!;
    running[index] = await startServer({
      config,
      logger: createLogger(config.logLevel),
      webRoot: '/nonexistent',
      chat: options.chat,
      mail: options.mail,
      serviceLevels: options.serviceLevels,
      assignment: options.assignment && {
        sweepMs: options.assignment.sweepMs,
        onPass: options.assignment.onPass && ((result) => options.assignment!.onPass!(result, index)),
      },
    });
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    if (!options.assignment) {
      // Automatic assignment would give the test's chats and tickets to its staff consoles, with events of its own:
      // only files that test it (and say so with `assignment`) have it on.
      const db = connectDatabase(database.url, { poolMax: 1 });
      await db('settings').insert({
        key: 'assignment',
        value: JSON.stringify({ ...DEFAULT_ASSIGNMENT_SETTINGS, autoAssign: false }),
      });
      await db.destroy();
    }
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      configs[index] = testConfig({
        databaseUrl: database.url,
        port,
        publicUrl: `http://127.0.0.1:${port}`,
        // Each test visitor comes from its own address (X-Forwarded-For), like real ones.
        trustProxy: true,
        ...options.configure?.(index),
      });
      await start(index);
    }
  });
  afterAll(async () => {
    for (const server of running) await server?.close();
    await database?.drop();
  });
  return {
    get db() {
      return running[0]!.deps.db;
    },
    url: (index = 0) => configs[index]!.publicUrl,
    instance: (index = 0) => running[index]!,
    config: (index = 0) => configs[index]!,
    async restart(index = 0) {
      await running[index]!.close();
      await start(index);
    },
  };
}
