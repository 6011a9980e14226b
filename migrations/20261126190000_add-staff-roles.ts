import type { Knex } from 'knex';

/**
 * Each staff account gets a role (admin, support, sales, fulfilment) and can
 * be deactivated (issue 24). Every existing staff account becomes an admin, so
 * nobody loses access; client accounts have no role. A deactivated account
 * cannot sign in and its sessions end. See docs/decisions/167-staff-roles.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('staff_role');
    t.timestamp('deactivated_at', { useTz: true });
  });
  await knex('users').where({ account_type: 'staff' }).update({ staff_role: 'admin' });
  await knex.raw(`
    alter table users
      add constraint users_staff_role_check
        check (staff_role in ('admin', 'support', 'sales', 'fulfilment')),
      add constraint users_staff_role_account_type_check
        check ((account_type = 'staff') = (staff_role is not null))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop constraint users_staff_role_account_type_check');
  await knex.raw('alter table users drop constraint users_staff_role_check');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deactivated_at');
    t.dropColumn('staff_role');
  });
}
