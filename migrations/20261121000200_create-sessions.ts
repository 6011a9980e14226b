import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.text('sid').primary();
    t.jsonb('sess').notNullable();
    t.timestamp('expire', { useTz: true }).notNullable().index('sessions_expire_index');
    // Copied from sess.userId so a deleted user's sessions go with them.
    t.uuid('user_id').references('id').inTable('users').onDelete('CASCADE').index('sessions_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
