import type { Knex } from 'knex';

/**
 * Satisfaction surveys as they are sent and answered (decision 191):
 * - `channel`: where the question was asked, the chat widget or an email;
 * - `changed_at`: the last change of an answer (`answered_at` stays the first
 *   answer: the 7 days an answer may be changed run from it, and reports
 *   count it then);
 * - at most one survey per ticket and per chat: closing again, or a resend,
 *   reuses it (a resend gives it a new link);
 * - chat messages keep the name of the staff member who wrote them, shown to
 *   the visitor with an initials avatar.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('satisfaction_surveys', (t) => {
    t.text('channel');
    t.timestamp('changed_at', { useTz: true });
    t.check(`channel in ('widget', 'email')`, [], 'satisfaction_surveys_channel_check');
  });
  await knex.raw(
    'create unique index satisfaction_surveys_one_per_request on satisfaction_surveys (service_request_id) where service_request_id is not null',
  );
  await knex.raw(
    'create unique index satisfaction_surveys_one_per_chat on satisfaction_surveys (chat_conversation_id) where chat_conversation_id is not null',
  );
  await knex.schema.alterTable('chat_messages', (t) => {
    t.text('sender_name');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropColumn('sender_name');
  });
  await knex.raw('drop index satisfaction_surveys_one_per_chat');
  await knex.raw('drop index satisfaction_surveys_one_per_request');
  await knex.schema.alterTable('satisfaction_surveys', (t) => {
    t.dropChecks(['satisfaction_surveys_channel_check']);
    t.dropColumn('changed_at');
    t.dropColumn('channel');
  });
}
