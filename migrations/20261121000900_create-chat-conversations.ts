import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_conversations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // A random id kept in the visitor's session: only that session may join.
    t.uuid('visitor_id').notNullable().index('chat_conversations_visitor_id_index');
    t.text('visitor_name').notNullable();
    t.text('visitor_email');
    t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL').index('chat_conversations_user_id_index');
    t.text('status').notNullable().defaultTo('active');
    t.timestamp('last_message_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status in ('active', 'closed')`, [], 'chat_conversations_status_check');
  });
  // Staff see conversations with the most recent activity first.
  await knex.raw(
    'create index chat_conversations_activity_index on chat_conversations ((coalesce(last_message_at, created_at)) desc)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chat_conversations');
}
