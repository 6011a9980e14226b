import type { Knex } from 'knex';

/**
 * A ticket's timeline: public replies, internal notes (staff only), status
 * changes and assignments, consultation proposals and confirmations, each with
 * who and when. Authors' names are kept on the row: the timeline outlives
 * accounts (decision 110).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_request_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('service_request_id').notNullable().references('id').inTable('service_requests').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.uuid('actor_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('actor_type').notNullable();
    t.text('actor_name').notNullable();
    t.text('message');
    t.text('from_status');
    t.text('to_status');
    t.uuid('assignee_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('assignee_name');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(
      `kind in ('reply', 'note', 'status', 'assignment', 'consultation_proposed', 'consultation_confirmed')`,
      [],
      'service_request_events_kind_check',
    );
    t.check(`actor_type in ('staff', 'client', 'system')`, [], 'service_request_events_actor_type_check');
    t.check(`kind not in ('reply', 'note') or message is not null`, [], 'service_request_events_message_check');
  });
  await knex.raw(
    'create index service_request_events_request_index on service_request_events (service_request_id, created_at, id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('service_request_events');
}
