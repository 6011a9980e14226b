import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The demo payment provider's PaymentIntents (development only, never real money).
  await knex.schema.createTable('demo_payments', (t) => {
    t.text('id').primary();
    // SHA-256 of the client secret handed to the browser; the secret itself is not kept.
    t.text('client_secret_hash').notNullable();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.text('description').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('requires_payment_method');
    t.text('last_error');
    t.text('card_last4');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount > 0', [], 'demo_payments_amount_check');
    t.check(`status in ('requires_payment_method', 'succeeded', 'canceled')`, [], 'demo_payments_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('demo_payments');
}
