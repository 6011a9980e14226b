import type { Knex } from 'knex';

/**
 * Whatever ends a session or changes an account's role — logout, a password
 * reset ending sessions, expiry, a deleted account, `npm run user:role`, or
 * an UPDATE typed by hand — PostgreSQL announces it on the channel
 * `northstar_accounts` with `{"userId": …}`, delivered on commit to every
 * API instance, whose open chat sockets of that account check their session
 * again at once (docs/decisions/079-account-changes-reach-open-sockets.md).
 * The channel name is repeated in api/src/modules/auth/account-events.ts.
 * `or replace`: restoring a backup drops the tables (and so the triggers) but
 * not the functions, then replays the migrations (api/src/db/backup.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function notify_ended_sessions() returns trigger language plpgsql as $$
    begin
      -- One notice per account, however many of its sessions the statement deleted.
      perform pg_notify('northstar_accounts', json_build_object('userId', user_id)::text)
        from (select distinct user_id from ended_sessions where user_id is not null) as accounts;
      return null;
    end
    $$;

    create trigger sessions_ended_notify
      after delete on sessions
      referencing old table as ended_sessions
      for each statement execute function notify_ended_sessions();

    create or replace function notify_account_role_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('northstar_accounts', json_build_object('userId', new.id)::text);
      return null;
    end
    $$;

    create trigger users_account_type_notify
      after update of account_type on users
      for each row when (old.account_type is distinct from new.account_type)
      execute function notify_account_role_changed();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger users_account_type_notify on users;
    drop function notify_account_role_changed();
    drop trigger sessions_ended_notify on sessions;
    drop function notify_ended_sessions();
  `);
}
