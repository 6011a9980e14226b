import type { Knex } from 'knex';

/**
 * Each staff account gets a role (admin, support, sales, fulfilment) and can
 * be deactivated (issue 24). Every existing staff account becomes an admin, so
 * nobody loses access; client accounts have no role. A deactivated account
 * cannot sign in and its sessions end. An account type changed by hand in SQL
 * keeps the two consistent through a trigger: a client has no role, and an
 * account made staff without one is an admin (what `user:role --role staff`
 * does). See docs/decisions/167-staff-roles.md.
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
        check ((account_type = 'staff') = (staff_role is not null));

    create or replace function users_default_staff_role() returns trigger language plpgsql as $$
    begin
      if new.account_type = 'client' then
        new.staff_role := null;
      elsif new.staff_role is null then
        new.staff_role := 'admin';
      end if;
      return new;
    end
    $$;

    create trigger users_default_staff_role
      before insert or update of account_type, staff_role on users
      for each row execute function users_default_staff_role();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger users_default_staff_role on users');
  await knex.raw('drop function users_default_staff_role()');
  await knex.raw('alter table users drop constraint users_staff_role_account_type_check');
  await knex.raw('alter table users drop constraint users_staff_role_check');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deactivated_at');
    t.dropColumn('staff_role');
  });
}
