import type { Knex } from 'knex';

/**
 * Credit notes: every refund of an invoiced charge gets one (decision 176),
 * numbered per calendar year without gaps in a sequence of its own
 * ("CN-2026-0001"), the same way as invoices (decision 106): the year's row in
 * `credit_note_counters` is raised in the transaction that records the
 * refund, so a rollback gives its number back. `source_id` is the refund's
 * key ("refund:<id>"): a refund settled twice makes one credit note. The
 * credit note keeps what it shows as issued (`content`), like an invoice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credit_note_counters', (t) => {
    t.integer('year').primary();
    t.integer('last_number').notNullable();
    t.check('last_number >= 1', [], 'credit_note_counters_last_number_check');
  });
  await knex.schema.createTable('credit_notes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('invoice_id').notNullable().references('id').inTable('invoices').onDelete('RESTRICT');
    t.text('source_id').notNullable().unique();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.integer('year').notNullable();
    t.integer('sequence').notNullable();
    t.text('number').notNullable().unique();
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.decimal('total', 10, 2).notNullable();
    t.jsonb('content').notNullable();
    t.unique(['year', 'sequence'], { indexName: 'credit_notes_year_sequence_unique' });
    t.check('sequence >= 1', [], 'credit_notes_sequence_check');
    t.check('total > 0', [], 'credit_notes_total_check');
    t.index(['invoice_id'], 'credit_notes_invoice_index');
    t.index(['user_id', 'issued_at'], 'credit_notes_user_issued_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credit_notes');
  await knex.schema.dropTable('credit_note_counters');
}
