import type { Knex } from 'knex';

/**
 * The two-factor columns and recovery-code table that "reset two-factor"
 * (POST /api/admin/staff/:id/2fa/reset) clears, created only where the
 * two-factor migration has not made them already: the staff screen reads and
 * clears them. Once the two-factor migration is in, this file goes (it only
 * stands in for it on the staff-management branch).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table users
      add column if not exists totp_secret text,
      add column if not exists totp_enabled_at timestamptz
  `);
  await knex.raw(`
    create table if not exists user_recovery_codes (
      id bigserial primary key,
      user_id uuid not null references users on delete cascade,
      code_hash text not null,
      used_at timestamptz
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists user_recovery_codes');
  await knex.raw('alter table users drop column if exists totp_enabled_at, drop column if exists totp_secret');
}
