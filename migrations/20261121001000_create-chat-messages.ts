import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Total order of messages; clients resume "after the last one they have".
    t.specificType('seq', 'bigint generated always as identity').notNullable().unique();
    t.uuid('conversation_id').notNullable().references('id').inTable('chat_conversations').onDelete('CASCADE');
    t.uuid('sender_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('sender_type').notNullable();
    t.text('message').notNullable();
    t.boolean('is_read').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`sender_type in ('visitor', 'admin')`, [], 'chat_messages_sender_type_check');
    t.check('char_length(message) between 1 and 2000', [], 'chat_messages_message_length_check');
  });
  await knex.raw('create index chat_messages_conversation_seq_index on chat_messages (conversation_id, seq)');
  // Unread counts in the staff list.
  await knex.raw(
    `create index chat_messages_unread_index on chat_messages (conversation_id) where not is_read and sender_type = 'visitor'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chat_messages');
}
