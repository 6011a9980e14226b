import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { knexConfig } from '../knexfile';
import { createTestDatabase, type TestDatabase } from '../api/src/test/database';

describe('20261126196000_invoice-every-charge', () => {
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

  it('fills in an order invoice issued before it from its order, as the invoice showed it', async () => {
    // Back to just before this migration (and every one after it).
    const applied = async () => ((await db.migrate.list()) as [{ name: string }[], unknown])[0].map((m) => m.name);
    while ((await applied()).includes('20261126196000_invoice-every-charge')) await db.migrate.down();
    const [user] = await db('users')
      .insert({ username: 'ada', passwordHash: 'x', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })
      .returning('*');
    const [order] = await db('orders')
      .insert({
        userId: user.id,
        status: 'paid',
        subtotalAmount: '59.97',
        taxAmount: '5.10',
        totalAmount: '65.07',
        paymentProvider: 'demo',
        stripePaymentId: 'demo_pi_1',
        paidAt: new Date(),
        shippingFullName: 'Ada Lovelace',
        shippingAddress: '1 Main St',
        shippingCity: 'Springfield',
        shippingState: 'IL',
        shippingZipCode: '62704',
        shippingCountry: 'United States',
      })
      .returning('*');
    const [product] = await db('products')
      .insert({ name: 'Patch Cable', category: 'Cables', description: 'A cable.', price: '19.99' })
      .returning('*');
    await db('order_items').insert({
      orderId: order.id,
      productId: product.id,
      productName: 'Patch Cable',
      price: '19.99',
      quantity: 3,
    });
    await db('invoice_counters').insert({ year: 2026, lastNumber: 1 });
    const [invoice] = await db('invoices')
      .insert({ orderId: order.id, year: 2026, sequence: 1, number: '2026-000001', issuedAt: new Date() })
      .returning('*');

    await db.migrate.latest();
    const filled = await db('invoices').where({ id: invoice.id }).first();
    expect(filled).toMatchObject({ source: 'order', sourceId: order.id, userId: user.id, total: '65.07' });
    expect(filled.content).toEqual({
      reference: { label: 'Order', value: `NS-${order.number}` },
      description: `Order NS-${order.number}`,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      shipping: {
        fullName: 'Ada Lovelace',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62704',
        country: 'United States',
      },
      lines: [{ name: 'Patch Cable', quantity: 3, unitPrice: '19.99', lineTotal: '59.97' }],
      subtotal: '59.97',
      tax: '5.10',
      total: '65.07',
      payment: { provider: 'demo', id: 'demo_pi_1' },
    });
  });
});
