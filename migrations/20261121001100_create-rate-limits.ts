import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Fixed-window counters shared by every API instance (login, signup, contact...).
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable().index('rate_limits_expires_at_index');
    t.primary(['key', 'window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
