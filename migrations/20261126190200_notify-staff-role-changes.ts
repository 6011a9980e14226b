import type { Knex } from 'knex';

/**
 * A staff role change or a deactivation reaches open sockets like an account
 * type change (decision 079): the trigger on `users` now also fires when
 * `staff_role` or `deactivated_at` changes, so every API instance rechecks
 * that account's sockets at once (issue 24).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger users_account_type_notify on users;
    create trigger users_account_type_notify
      after update of account_type, staff_role, deactivated_at on users
      for each row when (
        old.account_type is distinct from new.account_type
        or old.staff_role is distinct from new.staff_role
        or old.deactivated_at is distinct from new.deactivated_at
      )
      execute function notify_account_role_changed();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger users_account_type_notify on users;
    create trigger users_account_type_notify
      after update of account_type on users
      for each row when (old.account_type is distinct from new.account_type)
      execute function notify_account_role_changed();
  `);
}
