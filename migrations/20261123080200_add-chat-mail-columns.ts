import type { Knex } from 'knex';

/**
 * What the chat's emails remember: when staff were last alerted about a
 * conversation (at most once per 10 minutes while no console is connected),
 * and up to which staff reply the visitor was emailed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_conversations', (t) => {
    t.timestamp('staff_alerted_at', { useTz: true });
    t.bigInteger('replies_emailed_seq').notNullable().defaultTo(0);
  });
  // Staff replies the visitor has not read: what the reply digests look for.
  await knex.raw(
    `create index chat_messages_unread_replies_index on chat_messages (conversation_id, seq)
     where sender_type = 'admin' and not is_read`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index chat_messages_unread_replies_index');
  await knex.schema.alterTable('chat_conversations', (t) => {
    t.dropColumn('staff_alerted_at');
    t.dropColumn('replies_emailed_seq');
  });
}
