import type { Knex } from 'knex';

/**
 * What a client told us when booking the paid consultation (issue 29, item 8; decision 200): what it is about and,
 * optionally, when suits them — asked before the payment is started, stored with the payment's id (one booking per
 * payment attempt), and shown to staff on the ticket the settled payment becomes (joined by that id, which the
 * ticket keeps as `stripe_payment_id`). The price is never here: it is the server's constant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consultation_bookings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('payment_id').notNullable().unique({ indexName: 'consultation_bookings_payment_id_unique' });
    t.text('topic');
    t.text('preferred_times');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('char_length(topic) between 1 and 500', [], 'consultation_bookings_topic_check');
    t.check('char_length(preferred_times) between 1 and 500', [], 'consultation_bookings_preferred_times_check');
    t.index(['user_id'], 'consultation_bookings_user_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('consultation_bookings');
}
