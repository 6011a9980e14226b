import type { Knex } from 'knex';

/**
 * What a ticket needs beyond the spec's columns: who works on it, when it last
 * changed, where it came from (an enquiry or a chat, each at most once), and a
 * search vector over the text staff search by. Indexes match the staff list's
 * order (newest first, id as tie-break) under each filter (decision 111).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('service_requests', (t) => {
    t.uuid('assignee_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('contact_message_id').unique().references('id').inTable('contact_messages').onDelete('SET NULL');
    t.uuid('chat_conversation_id').unique().references('id').inTable('chat_conversations').onDelete('SET NULL');
  });
  await knex.raw(`alter table service_requests add column search tsvector generated always as (
    to_tsvector('simple', name || ' ' || email || ' ' || coalesce(company, '') || ' ' || service || ' ' || message)
  ) stored`);
  await knex.raw('create index service_requests_created_at_index on service_requests (created_at desc, id desc)');
  await knex.raw(
    'create index service_requests_status_created_at_index on service_requests (status, created_at desc, id desc)',
  );
  await knex.raw(
    'create index service_requests_assignee_created_at_index on service_requests (assignee_id, created_at desc, id desc)',
  );
  await knex.raw('create index service_requests_search_index on service_requests using gin (search)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index service_requests_search_index');
  await knex.raw('drop index service_requests_assignee_created_at_index');
  await knex.raw('drop index service_requests_status_created_at_index');
  await knex.raw('drop index service_requests_created_at_index');
  await knex.schema.alterTable('service_requests', (t) => {
    t.dropColumn('search');
    t.dropColumn('chat_conversation_id');
    t.dropColumn('contact_message_id');
    t.dropColumn('updated_at');
    t.dropColumn('assignee_id');
  });
}
