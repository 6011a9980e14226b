import type { Knex } from 'knex';

/**
 * The addresses each account logged in from lately. While an account is under
 * a guessing attack from many addresses, logins from these still go through
 * (docs/decisions/071-login-throttling-without-lockout.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_known_addresses', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('ip').notNullable();
    t.timestamp('last_login_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'ip']);
    t.index(['last_login_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_known_addresses');
}
