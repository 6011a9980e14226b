import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from './app';
import { connectDatabase } from './db/database';
import { createLogger } from './logger';
import { testConfig } from './test/config';
import { createTestDatabase, type TestDatabase } from './test/database';
import { buildUser } from './test/factories';
import { withAdminClient } from './test/postgres-admin';
import { createTcpProxy, type TcpProxy } from './test/tcp-proxy';

// The app reaches its database through a TCP forwarder the test can cut, as a network failure or a stopped
// PostgreSQL would; the database itself keeps running for the other test files.
let database: TestDatabase;
let proxy: TcpProxy;
let db: Knex;
let app: Koa;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const config = testConfig({ databaseUrl: viaProxy.toString() });
  const logger = createLogger(config.logLevel);
  db = connectDatabase(viaProxy.toString(), { poolMax: 3, logger });
  app = createApp({ config, db, logger });
});

afterAll(async () => {
  await db?.destroy();
  await proxy?.close();
  await database?.drop();
});

describe('while PostgreSQL is unreachable', () => {
  it('answers 503 with Retry-After and a message, then recovers without a restart', async () => {
    const owner = await buildUser(db);
    const agent = request.agent(app.callback());
    expect((await agent.post('/api/login').send({ username: owner.username, password: owner.password })).status).toBe(
      200,
    );

    const calls: [string, () => request.Test][] = [
      ['a route with a database query', () => request(app.callback()).get('/api/subscription-plans')],
      ['a login (rate limit and user lookup)', () => request(app.callback()).post('/api/login').send(owner)],
      ['the session of a logged-in request', () => agent.get('/api/auth/user')],
      ['a write with a session', () => agent.post('/api/cancel-subscription')],
    ];
    for (const [label, call] of calls) expect((await call()).status, label).toBeLessThan(500);

    await proxy.stop();
    for (const [label, call] of calls) {
      const res = await call();
      expect(res.status, label).toBe(503);
      expect(res.body, label).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      expect(Number(res.headers['retry-after']), label).toBeGreaterThan(0);
    }
    const health = await request(app.callback()).get('/healthz');
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');

    await proxy.start();
    expect((await request(app.callback()).get('/healthz')).status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    for (const [label, call] of calls) expect((await call()).status, label).toBeLessThan(500);
  });
});

describe('while the database refuses connections (ALLOW_CONNECTIONS false, as before a restore)', () => {
  const { adminUrl } = inject('testDatabase');
  const name = () => new URL(database.url).pathname.slice(1);
  const allowConnections = (allow: boolean) =>
    withAdminClient(adminUrl, async (client) => {
      await client.query(`alter database "${name()}" allow_connections ${allow}`);
      if (!allow) {
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name()]);
      }
    });
  const contact = () =>
    request(app.callback())
      .post('/api/contact')
      .send({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'General Inquiry', message: 'Hello there' });

  it('answers 503 with Retry-After (SQLSTATE 55000 is "unavailable" too), then recovers without a restart', async () => {
    expect((await contact()).status).toBe(201);
    await allowConnections(false);
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const res = await contact();
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await request(app.callback()).get('/healthz')).status).toBe(503);
    } finally {
      await allowConnections(true);
    }
    expect((await request(app.callback()).get('/healthz')).status).toBe(200);
    expect((await contact()).status).toBe(201);
  });
});
