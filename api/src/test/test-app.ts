import type Koa from 'koa';
import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-deps';

import { connectDatabase } from '../db/database';
import { createLogger } from '../logger';
import { testConfig, type TestConfigOverrides } from './config';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: Koa;
  db: Knex;
  deps: AppDeps;
  /** A client that keeps cookies between requests, like one browser. */
  agent(): ReturnType<typeof request.agent>;
  /** A one-off request without cookies. */
  request(): ReturnType<typeof request>;
}

/**
 * The Koa app on its own fresh database for this test file
 * (created before the first test, dropped after the last).
 */
export function setupTestApp(overrides: TestConfigOverrides = {}): TestApp {
  let database: TestDatabase;
  const state = {} as { app: Koa; db: Knex; deps: AppDeps };
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ databaseUrl: database.url, ...overrides });
    const db = connectDatabase(database.url, { poolMax: 5 });
    const deps: AppDeps = { config, db, logger: createLogger(config.logLevel) };
    Object.assign(state, { db, deps, app: createApp(deps) });
  });
  afterAll(async () => {
    await state.db?.destroy();
    await database?.drop();
  });
  return {
    get app() {
      return state.app;
    },
    get db() {
      return state.db;
    },
    get deps() {
      return state.deps;
    },
    agent: () => request.agent(state.app.callback()),
    request: () => request(state.app.callback()),
  };
}
