import type { Knex } from 'knex';

/**
 * Every API instance keeps the sessions it served in memory, with their user
 * (decision 172), so a signed-in request needs no database round trip. What
 * could make a kept copy wrong is announced by PostgreSQL itself on the
 * channel `northstar_sessions`, on commit, whatever wrote it (our code, a
 * command, an UPDATE typed by hand):
 * - a session's data, user or expiry changed, or the session ended:
 *   `{"sid": <hex SHA-256 of the session id>}` (the id itself never travels);
 * - any change to an account's row (role, deactivation, name, email, password,
 *   two-factor…) or its removal: `{"userId": …}`.
 * Refreshing `last_seen_at`/`ip` (once a minute per session) is not a change.
 * `or replace`: restoring a backup replays the migrations over existing functions.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function notify_session_cache_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('northstar_sessions',
        json_build_object('sid', encode(sha256(convert_to(old.sid, 'UTF8')), 'hex'))::text);
      return null;
    end
    $$;

    create trigger sessions_cache_update_notify
      after update on sessions
      for each row when (
        old.sess is distinct from new.sess
        or old.user_id is distinct from new.user_id
        or old.expire is distinct from new.expire
      )
      execute function notify_session_cache_session();

    create or replace function notify_session_cache_ended() returns trigger language plpgsql as $$
    begin
      -- Sessions already past their expiry are never served from memory: no notice for the nightly clean-up.
      perform pg_notify('northstar_sessions',
        json_build_object('sid', encode(sha256(convert_to(sid, 'UTF8')), 'hex'))::text)
        from ended_cache_sessions where expire > now();
      return null;
    end
    $$;

    create trigger sessions_cache_delete_notify
      after delete on sessions
      referencing old table as ended_cache_sessions
      for each statement execute function notify_session_cache_ended();

    create or replace function notify_session_cache_user() returns trigger language plpgsql as $$
    begin
      perform pg_notify('northstar_sessions', json_build_object('userId', old.id)::text);
      return null;
    end
    $$;

    create trigger users_cache_notify
      after update or delete on users
      for each row execute function notify_session_cache_user();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger users_cache_notify on users;
    drop function notify_session_cache_user();
    drop trigger sessions_cache_delete_notify on sessions;
    drop function notify_session_cache_ended();
    drop trigger sessions_cache_update_notify on sessions;
    drop function notify_session_cache_session();
  `);
}
