import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { knexConfig } from '../knexfile';
import { createTestDatabase, type TestDatabase } from '../api/src/test/database';

describe('20261126198000_add-ticket-numbers and 20261126198100_move-consultation-payment-notes', () => {
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

  it('numbers existing tickets oldest first and moves a consultation’s staff text into an internal note', async () => {
    // Back to just before these migrations (and every one after them).
    const applied = async () => ((await db.migrate.list()) as [{ name: string }[], unknown])[0].map((m) => m.name);
    while ((await applied()).includes('20261126198000_add-ticket-numbers')) await db.migrate.down();
    const base = { name: 'Ada', email: 'ada@example.com', status: 'pending' };
    const [newer] = await db('service_requests')
      .insert({
        ...base,
        service: 'Technical Consultation - 1 Hour',
        message:
          'Paid one-hour technical consultation ($199.00, payment demo_pi_old_1). Contact the client to schedule it.',
        stripePaymentId: 'demo_pi_old_1',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      })
      .returning('*');
    const [older] = await db('service_requests')
      .insert({
        ...base,
        service: 'Field IT Services',
        message: 'Switch down',
        createdAt: new Date('2026-02-01T10:00:00Z'),
      })
      .returning('*');

    await db.migrate.latest();
    const numberOf = async (id: string) => Number((await db('tickets').where({ id }).first()).number);
    expect(await numberOf(older.id)).toBe(10001);
    expect(await numberOf(newer.id)).toBe(10002);
    const [next] = await db('tickets')
      .insert({ ...base, service: 'Field IT Services', message: 'Next' })
      .returning('*');
    expect(Number(next.number)).toBe(10003);

    expect((await db('tickets').where({ id: newer.id }).first()).message).toBe(
      'Paid one-hour technical consultation ($199.00). We will contact you to agree a time.',
    );
    expect((await db('tickets').where({ id: older.id }).first()).message).toBe('Switch down');
    const notes = await db('ticket_events').where({ ticketId: newer.id });
    expect(notes).toEqual([
      expect.objectContaining({
        kind: 'note',
        actorType: 'system',
        actorName: 'Payments',
        message: 'Paid by payment demo_pi_old_1. Contact the client to schedule it.',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      }),
    ]);
    expect(await db('ticket_events').where({ ticketId: older.id })).toEqual([]);
  });
});
