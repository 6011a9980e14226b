import type { Knex } from 'knex';

/**
 * Automatic assignment (issue 26, decision 187):
 * - `staff_presence`: which staff member has a console open, per API
 *   instance: how many consoles, refreshed on a heartbeat; a row whose
 *   heartbeat is old (an instance that died) no longer counts. When the last
 *   console closes the row stays with 0 and the moment, so the offline grace
 *   can be counted.
 * - `assignment_turns`: when each staff member was last given an item
 *   automatically; ties between equally loaded people go to the one whose
 *   turn is oldest (round robin).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_presence', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('instance_id').notNullable();
    t.integer('consoles').notNullable();
    t.timestamp('seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'instance_id']);
    t.check('consoles >= 0', [], 'staff_presence_consoles_check');
  });
  await knex.schema.createTable('assignment_turns', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('last_assigned_at', { useTz: true }).notNullable();
  });
  await knex.raw(
    `create index service_requests_open_assignee_index on service_requests (assignee_id)
     where status in ('pending', 'in_progress', 'waiting_on_client')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index service_requests_open_assignee_index');
  await knex.schema.dropTable('assignment_turns');
  await knex.schema.dropTable('staff_presence');
}
