import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import type { TestProject } from 'vitest/node';
import { knexConfig } from '../../../knexfile';
import { parseEnv } from '../config';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { createLogger } from '../logger';
import { ALWAYS_OPEN, storeBusinessHours } from './business-hours';
import { databaseUrl, dropOrphanedTestDatabases, TEST_DATABASE_PREFIX, withAdminClient } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; runId: number };
  }
}

/** Ports handed out by this process, never handed out twice. */
const handedOut = new Set<number>();
/** Below the kernel's ephemeral range (32768–60999 on Linux), above the well-known services. */
const PORT_FLOOR = 20_000;
const PORT_SPAN = 12_000;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port a test server may listen on. Not one the kernel picked for us: a port
 * from the ephemeral range, once closed, can be taken at once as the source
 * port of an outgoing connection (any test's connection to PostgreSQL), and
 * the server that was meant to listen on it then fails with EADDRINUSE. So a
 * random free port below that range, checked by binding it, never the same
 * one twice in a process.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = PORT_FLOOR + Math.floor(Math.random() * PORT_SPAN);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
  throw new Error('freePort: no free port found below the ephemeral range');
}

/**
 * Once per test run and project: a PostgreSQL server (DATABASE_URL, or an
 * embedded one in a temporary directory) and a template database migrated to
 * the latest schema. Each test file clones the template (CREATE DATABASE …
 * TEMPLATE), so files never see each other's data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = parseEnv(process.env);
  let adminUrl = env.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let tempDir: string | null = null;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'northstar-test-pg-'));
    const embedded = await startEmbeddedPostgres({
      dataDir: tempDir,
      port: await freePort(),
      logger: createLogger('silent'),
      databaseName: 'northstar_test_admin',
    });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const template = `${TEST_DATABASE_PREFIX}${process.pid}_tpl_${project.name}`;
  await withAdminClient(adminUrl, async (client) => {
    await dropOrphanedTestDatabases(client);
    await client.query(`drop database if exists "${template}" with (force)`);
    await client.query(`create database "${template}"`);
  });
  const db = knex(knexConfig(databaseUrl(adminUrl, template), { poolMax: 1 }));
  try {
    await db.migrate.latest();
    await storeBusinessHours(db, ALWAYS_OPEN);
  } finally {
    await db.destroy();
  }
  project.provide('testDatabase', { adminUrl, template, runId: process.pid });

  return async () => {
    await withAdminClient(adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${TEST_DATABASE_PREFIX}${process.pid}_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
    await stopEmbedded?.();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
