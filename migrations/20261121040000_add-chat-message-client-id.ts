import type { Knex } from 'knex';

/**
 * The sender's own id for a message. A client that lost its connection before
 * the acknowledgement resends with the same id; the unique index makes the
 * resend a no-op instead of a second copy.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_messages', (t) => {
    t.uuid('client_id');
  });
  await knex.raw(
    'create unique index chat_messages_client_id_unique on chat_messages (conversation_id, client_id) where client_id is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists chat_messages_client_id_unique');
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropColumn('client_id');
  });
}
