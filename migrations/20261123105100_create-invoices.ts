import type { Knex } from 'knex';

/**
 * Invoices: every paid order gets one, numbered per calendar year without gaps
 * ("2026-000123"). The number comes from the year's row in `invoice_counters`,
 * raised in the transaction that marks the order paid: the row stays locked
 * until that transaction ends, so numbers are handed out one at a time, and a
 * payment that rolls back gives its number back. See docs/decisions/106.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoice_counters', (t) => {
    t.integer('year').primary();
    t.integer('last_number').notNullable();
    t.check('last_number >= 1', [], 'invoice_counters_last_number_check');
  });
  await knex.schema.createTable('invoices', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().unique().references('id').inTable('orders').onDelete('RESTRICT');
    t.integer('year').notNullable();
    t.integer('sequence').notNullable();
    // "<year>-<sequence, six digits>", what the client and the accountant read.
    t.text('number').notNullable().unique();
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.unique(['year', 'sequence'], { indexName: 'invoices_year_sequence_unique' });
    t.check('sequence >= 1', [], 'invoices_sequence_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoices');
  await knex.schema.dropTable('invoice_counters');
}
