import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Every verified Stripe event is recorded once, in the transaction that applies it:
  // a redelivered event finds its id here and changes nothing.
  await knex.schema.createTable('stripe_webhook_events', (t) => {
    t.text('id').primary();
    t.text('type').notNullable();
    t.boolean('livemode').notNullable();
    // When Stripe created the event (its `created`), and when we processed it.
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['received_at'], 'stripe_webhook_events_received_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stripe_webhook_events');
}
