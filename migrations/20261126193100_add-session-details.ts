import type { Knex } from 'knex';

/**
 * What the sessions list shows (issue 24): each session gets an opaque public
 * id (never its sid, which is the credential), the user agent and address
 * it was last seen from, how it travels (a cookie, or the desktop console's
 * bearer token), when it signed in and when it was last seen (updated at most
 * once a minute). Sessions saved before have none of these but a public id. See docs/decisions/171-sessions-list.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.uuid('public_id').notNullable().defaultTo(knex.raw('gen_random_uuid()')).unique('sessions_public_id_unique');
    t.text('user_agent');
    t.text('ip');
    t.text('transport');
    t.timestamp('signed_in_at', { useTz: true });
    t.timestamp('last_seen_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('last_seen_at');
    t.dropColumn('signed_in_at');
    t.dropColumn('transport');
    t.dropColumn('ip');
    t.dropColumn('user_agent');
    t.dropColumn('public_id');
  });
}
