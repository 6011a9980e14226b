import type { Knex } from 'knex';

/**
 * Two-factor sign-in with TOTP (RFC 6238, issue 24). `totp_secret` holds the
 * account's secret encrypted with a key derived from the session secret
 * (api/src/modules/auth/totp-secret-box.ts): a pending one after setup, the
 * active one once `totp_enabled_at` is set. `totp_last_step` is the time step
 * of the last code accepted: a code is accepted once, and never one of an
 * earlier step. Recovery codes are stored as hashes and used once. See
 * docs/decisions/169-two-factor-sign-in.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('totp_secret');
    t.timestamp('totp_enabled_at', { useTz: true });
    t.bigInteger('totp_last_step');
  });
  await knex.raw(`
    alter table users add constraint users_totp_enabled_has_secret_check
      check (totp_enabled_at is null or totp_secret is not null)
  `);
  await knex.schema.createTable('user_recovery_codes', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['user_id'], 'user_recovery_codes_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_recovery_codes');
  await knex.raw('alter table users drop constraint users_totp_enabled_has_secret_check');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totp_last_step');
    t.dropColumn('totp_enabled_at');
    t.dropColumn('totp_secret');
  });
}
