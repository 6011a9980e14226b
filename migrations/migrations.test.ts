import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { knexConfig } from '../knexfile';
import { createTestDatabase, type TestDatabase } from '../api/src/test/database';
import { migrations } from './index';

describe('migrations', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex(knexConfig(database.url, { poolMax: 2 }));
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('lists every migration file, in order', () => {
    const files = readdirSync(path.resolve('migrations'))
      .filter((file) => /^\d{14}_.+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(migrations.map(([name]) => name)).toEqual(files);
  });

  it('roll back completely and apply again (latest → rollback all → latest)', async () => {
    const tables = async () =>
      (
        await db.raw<{ rows: { tablename: string }[] }>(
          "select tablename from pg_tables where schemaname = 'public' and tablename not like 'knex_%' order by 1",
        )
      ).rows.map((r) => r.tablename);
    const before = await tables();
    expect(before).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'products',
        'orders',
        'order_items',
        'tickets',
        'enquiries',
        'subscription_plans',
        'chat_conversations',
        'chat_messages',
      ]),
    );
    await db.migrate.rollback(undefined, true);
    expect(await tables()).toEqual([]);
    await db.migrate.latest();
    expect(await tables()).toEqual(before);
  });

  it('enforces the constraints of the data model', async () => {
    const [user] = await db('users').insert({ username: 'Casey', passwordHash: 'x' }).returning('*');
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.accountType).toBe('client');
    // Usernames are unique regardless of case.
    await expect(db('users').insert({ username: 'casey', passwordHash: 'x' })).rejects.toThrow(
      /users_username_lower_unique/,
    );
    await expect(db('users').insert({ username: 'other', passwordHash: 'x', accountType: 'admin' })).rejects.toThrow(
      /users_account_type_check/,
    );
    const [product] = await db('products')
      .insert({ name: 'Switch', category: 'Networking', description: 'd', price: '10.00' })
      .returning('*');
    expect(product.price).toBe('10.00');
    await expect(
      db('products').insert({ name: 'Bad', category: 'c', description: 'd', price: '-1.00' }),
    ).rejects.toThrow(/products_price_check/);
    const order = {
      userId: user.id,
      subtotalAmount: '10.00',
      taxAmount: '0.85',
      totalAmount: '10.85',
      paymentProvider: 'demo',
      shippingFullName: 'A',
      shippingAddress: 'B',
      shippingCity: 'C',
      shippingState: 'MN',
      shippingZipCode: '55401',
      shippingCountry: 'United States',
    };
    await expect(db('orders').insert({ ...order, totalAmount: '11.00' })).rejects.toThrow(/orders_total_check/);
    const [saved] = await db('orders').insert(order).returning('*');
    expect(saved.status).toBe('pending');
    await expect(
      db('order_items').insert({
        orderId: saved.id,
        productId: product.id,
        productName: 'Switch',
        quantity: 0,
        price: '10.00',
      }),
    ).rejects.toThrow(/order_items_quantity_check/);
    // A user with orders cannot be deleted; their orders are financial records.
    await expect(db('users').where({ id: user.id }).delete()).rejects.toThrow(/foreign key/);
  });
});
