import type { Knex } from 'knex';

/**
 * How many staff consoles each API instance has connected, refreshed by a
 * heartbeat. "Staff online" is the sum over rows with a recent heartbeat, so
 * an instance that dies stops counting without anyone cleaning up after it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_presence', (t) => {
    t.text('instance_id').primary();
    t.integer('staff_connections').notNullable().defaultTo(0);
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('staff_connections >= 0', [], 'chat_presence_staff_connections_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chat_presence');
}
