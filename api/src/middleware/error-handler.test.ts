import Koa from 'koa';
import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/database';
import { createLogger } from '../logger';
import { Product } from '../modules/catalog/product.model';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { errorHandler } from './error-handler';
const DATA_EXCEPTION_MESSAGE = 'A value has the wrong format or is out of range';

let database: TestDatabase;
let db: Knex;
beforeAll(async () => {
  database = await createTestDatabase();
  db = connectDatabase(database.url, { poolMax: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** An app whose one route runs `query` against the real PostgreSQL behind the real error handler. */
function appRunning(query: () => PromiseLike<unknown>) {
  const app = new Koa();
  app.use(errorHandler(createLogger('silent')));
  app.use(async (ctx) => {
    await query();
    ctx.body = { ok: true };
  });
  return request(app.callback());
}

describe('a value PostgreSQL refuses (SQLSTATE class 22) is a 400 that does not show the SQL', () => {
  it.each([
    ['a date that does not exist (22008)', () => db.raw(`select ?::date`, ['2026-02-30'])],
    ['year 0000 (22008)', () => db.raw(`select ?::date + 1`, ['0000-01-01'])],
    ['text that is not a number (22P02)', () => db.raw(`select ?::int`, ['ten'])],
    ['a number out of range (22003)', () => db.raw(`select ?::smallint`, ['70000'])],
    ['a division by zero (22012)', () => db.raw(`select 1 / ?::int`, ['0'])],
    ['through Objection', () => Product.query(db).where('price', '>', 'lots')],
  ])('%s', async (_case, query) => {
    const res = await appRunning(query).get('/');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: DATA_EXCEPTION_MESSAGE });
  });

  it('other database errors stay a 500 with no detail', async () => {
    const res = await appRunning(() => db.raw('select * from no_such_table')).get('/');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal Server Error' });
  });
});
