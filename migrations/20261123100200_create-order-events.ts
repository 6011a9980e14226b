import type { Knex } from 'knex';

/**
 * An order's timeline: placed, paid, each status change with the staff member
 * who made it, emails sent, refunds, invoices, … One row per thing that
 * happened, written in the transaction of the change itself.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.text('type').notNullable();
    // The staff member (or client) who did it; null for the system (a payment, the expiry job).
    t.uuid('actor_id').references('id').inTable('users').onDelete('SET NULL');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`char_length(type) between 1 and 60`, [], 'order_events_type_check');
  });
  await knex.raw('create index order_events_order_id_created_at_index on order_events (order_id, created_at, id)');
  // Orders placed before the timeline existed start with their placing (and payment, when paid).
  await knex.raw(`insert into order_events (order_id, type, created_at) select id, 'placed', created_at from orders`);
  await knex.raw(
    `insert into order_events (order_id, type, created_at) select id, 'paid', paid_at from orders where paid_at is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_events');
}
