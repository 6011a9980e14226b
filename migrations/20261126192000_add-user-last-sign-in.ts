import type { Knex } from 'knex';

/**
 * When each account last signed in (issue 24: the console's staff list shows
 * it). Set on every successful sign-in; null until the first one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('last_sign_in_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('last_sign_in_at');
  });
}
