import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Requests outlive accounts: the contact details are kept on the row.
    t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone');
    t.text('company');
    t.text('service').notNullable();
    t.text('message').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    // Set for a paid consultation, so one payment makes one request.
    t.text('stripe_payment_id').unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status in ('pending', 'in_progress', 'completed', 'cancelled')`, [], 'service_requests_status_check');
  });
  await knex.raw(
    'create index service_requests_user_id_created_at_index on service_requests (user_id, created_at desc)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('service_requests');
}
