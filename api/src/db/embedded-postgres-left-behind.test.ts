import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/global-setup';
import { spawnEntry, type SpawnedEntry } from '../test/spawn-entry';

/*
 * Closing the terminal that runs `npm start` used to leave the embedded
 * PostgreSQL running, and the next `npm start` refused ("another npm start
 * uses it") though none ran. The server stops on SIGHUP as on Ctrl+C, and a
 * start finds a database whose starter is gone, stops it and goes on.
 */

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function startServer() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-hangup-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return {
    dataDir: path.join(dir, '.data'),
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: path.join(dir, '.data'),
    },
  };
}

function spawnServer(env: Record<string, string>): SpawnedEntry {
  const server = spawnEntry('api/src/main.ts', env);
  cleanup.push(() => server.stop());
  return server;
}

/** The postmaster's pid from the data directory's lock file, or null when no server runs there. */
function postmasterOf(dataDir: string): number | null {
  const location = path.join(dataDir, 'postgres-location');
  const databaseDir = existsSync(location) ? readFileSync(location, 'utf8').trim() : path.join(dataDir, 'postgres');
  const lock = path.join(databaseDir, 'postmaster.pid');
  return existsSync(lock) ? Number(readFileSync(lock, 'utf8').split('\n')[0]) : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL when the terminal goes away', () => {
  it('stops with the server on SIGHUP, as on Ctrl+C', { timeout: 180_000 }, async () => {
    const { env, dataDir } = await startServer();
    const server = spawnServer(env);
    await server.waitFor(/"msg":"server listening"/, 90_000);
    const postmaster = postmasterOf(dataDir)!;
    expect(alive(postmaster)).toBe(true);

    server.child.kill('SIGHUP');
    expect(await server.exited, server.stderr()).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(postmasterOf(dataDir)).toBeNull();
  });

  it(
    'a start finds a database left running by a process that is gone, stops it and goes on',
    { timeout: 180_000 },
    async () => {
      const { env, dataDir } = await startServer();
      const first = spawnServer(env);
      await first.waitFor(/"msg":"server listening"/, 90_000);
      const leftBehind = postmasterOf(dataDir)!;
      first.child.kill('SIGKILL'); // gone without stopping anything
      await first.exited;
      expect(alive(leftBehind)).toBe(true);

      const second = spawnServer(env);
      await second.waitFor(/"msg":"server listening"/, 90_000);
      expect(second.stdout()).toMatch(/left running by an earlier start \(process \d+ no longer exists\)/);
      expect(alive(leftBehind)).toBe(false);
      expect((await fetch(`http://127.0.0.1:${env.PORT}/healthz`)).status).toBe(200);
      expect(await second.stop()).toBe(0);
    },
  );
});
