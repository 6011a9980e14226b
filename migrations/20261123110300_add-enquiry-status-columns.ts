import type { Knex } from 'knex';

/**
 * Enquiries become an inbox: a status (new, replied, closed), the service
 * request one became, and the same search vector and list indexes as tickets.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.text('status').notNullable().defaultTo('new');
    t.timestamp('replied_at', { useTz: true });
    t.check(`status in ('new', 'replied', 'closed')`, [], 'contact_messages_status_check');
  });
  await knex.raw(`alter table contact_messages add column search tsvector generated always as (
    to_tsvector('simple', name || ' ' || email || ' ' || coalesce(company, '') || ' ' || service || ' ' || message)
  ) stored`);
  await knex.raw(
    'create index contact_messages_status_created_at_index on contact_messages (status, created_at desc, id desc)',
  );
  await knex.raw('create index contact_messages_search_index on contact_messages using gin (search)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index contact_messages_search_index');
  await knex.raw('drop index contact_messages_status_created_at_index');
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('search');
    t.dropChecks(['contact_messages_status_check']);
    t.dropColumn('replied_at');
    t.dropColumn('status');
  });
}
