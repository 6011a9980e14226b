import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl } from './test/postgres-admin';
import { createTestDatabase, type TestDatabase } from './test/database';
import { freePort } from './test/global-setup';
import { spawnEntry, spawnEntryThrough } from './test/spawn-entry';

// The real entry point (`npm start` runs its bundle), spawned as an operator would run it.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function baseEnv(): Promise<Record<string, string> & { PORT: string }> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: `/tmp/northstar-startup-test-${process.pid}`,
    SESSION_SECRET: 'startup-test-session-secret-0123456789abcdef',
    ADMIN_TOKEN: 'startup-test-admin-token',
  };
}

/** Exactly one line on stderr, naming the problem and the fix; no stack trace. */
async function expectOneLineFailure(env: Record<string, string>, message: RegExp): Promise<void> {
  const run = spawnEntry('api/src/main.ts', env);
  expect(await run.exited).toBe(1);
  const lines = run.stderr().trim().split('\n');
  expect(lines, run.stderr()).toHaveLength(1);
  expect(lines[0]).toMatch(/^Failed to start: /);
  expect(lines[0]).toMatch(message);
  expect(run.stderr()).not.toMatch(/\n\s+at /);
}

describe('start-up failures say what to do in one line', { timeout: 60_000 }, () => {
  it('when the port is taken', async () => {
    const env = await baseEnv();
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(env.PORT), '127.0.0.1', resolve));
    try {
      await expectOneLineFailure(
        { ...env, DATABASE_URL: database.url },
        new RegExp(`Port ${env.PORT} is already in use .*set PORT to a free port`),
      );
    } finally {
      squatter.close();
    }
  });

  it('when PostgreSQL cannot be reached', async () => {
    const url = `postgres://postgres:secret@127.0.0.1:${await freePort()}/northstar`;
    await expectOneLineFailure(
      { ...(await baseEnv()), DATABASE_URL: url },
      /Cannot reach PostgreSQL at 127\.0\.0\.1:\d+ \(DATABASE_URL\).*Start PostgreSQL there, or fix/,
    );
  });

  it('when the database does not exist', async () => {
    const url = databaseUrl(inject('testDatabase').adminUrl, 'nstest_no_such_database');
    await expectOneLineFailure(
      { ...(await baseEnv()), DATABASE_URL: url },
      /The database "nstest_no_such_database" does not exist .*createdb nstest_no_such_database/,
    );
  });

  it('when PostgreSQL refuses the credentials', async () => {
    const url = new URL(database.url);
    url.username = 'nobody_here';
    url.password = 'wrong-password';
    const run = { ...(await baseEnv()), DATABASE_URL: url.toString() };
    await expectOneLineFailure(run, /refused user "nobody_here": fix the user name or password in DATABASE_URL/);
  });
});

// Each test starts the server from source (tsx), which takes seconds on a busy machine.
describe('the running server', { timeout: 60_000 }, () => {
  it('logs JSON lines when stdout is not a terminal, and says where it listens', async () => {
    const env = { ...(await baseEnv()), DATABASE_URL: database.url };
    const run = spawnEntry('api/src/main.ts', env);
    try {
      await run.waitFor(/"msg":"server listening"/);
      await fetch(`http://127.0.0.1:${env.PORT}/healthz`);
    } finally {
      expect(await run.stop()).toBe(0);
    }
    const lines = run
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(run.stdout()).not.toContain('\u001b[');
  });

  it('logs one readable line per request in development on a terminal', async () => {
    const env = { ...(await baseEnv()), DATABASE_URL: database.url };
    // util-linux `script` gives the server a pseudo-terminal, as a developer's shell would.
    const command = `${JSON.stringify(process.execPath)} --import tsx api/src/main.ts`;
    const run = spawnEntryThrough('script', ['-q', '-e', '-c', command, '/dev/null'], env);
    try {
      await run.waitFor(/server listening/);
      await fetch(`http://127.0.0.1:${env.PORT}/api/auth/session`);
      await run.waitFor(/INFO .*GET \/api\/auth\/session 200 [\d.]+ ms/);
    } finally {
      await run.stop();
    }
    expect(run.stdout()).toContain(`Northstar IT is running at http://localhost:${env.PORT}`);
    expect(run.stdout()).not.toMatch(/"msg":/);
  });

  it('in `npm run dev` (--dev) serves no site, only a page pointing to Vite; the API works', async () => {
    const env = { ...(await baseEnv()), DATABASE_URL: database.url };
    const run = spawnEntry('api/src/main.ts', env, ['--dev']);
    try {
      await run.waitFor(/"msg":"server listening"/);
      const base = `http://127.0.0.1:${env.PORT}`;
      for (const page of ['/', '/about', '/assets/index.js']) {
        const res = await fetch(`${base}${page}`);
        expect(res.status).toBe(404);
        const html = await res.text();
        expect(html).toContain('This is the development API server');
        expect(html).toContain('http://localhost:5173');
        expect(html).not.toContain('Northstar IT Solutions');
      }
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${base}/api/auth/session`)).json()).toEqual({ user: null });
    } finally {
      await run.stop();
    }
  });
});
