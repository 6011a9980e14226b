import type { Knex } from 'knex';

/**
 * What the support desk's features share (issues 26 and 27, decision 183):
 * - `settings`: one row per named setting (business hours, assignment,
 *   surveys, service levels…), its value as JSON checked by the setting's zod
 *   schema on the way in, with who changed it last;
 * - a priority on tickets and chats (`normal` unless staff or the client's
 *   plan say otherwise), and an assignee on chats as tickets already have;
 * - the service-level facts every report reads: when staff first answered,
 *   when that and the resolution are due, when the item was resolved, and
 *   the state of its clock;
 * - satisfaction surveys: one row per "How did we do?" sent for a closed chat
 *   or a completed ticket, with the answer once given.
 */
const PRIORITY_CHECK = `priority in ('low', 'normal', 'high', 'urgent')`;
const SLA_STATE_CHECK = `sla_state in ('on_track', 'at_risk', 'breached', 'met')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('updated_by_id').references('id').inTable('users').onDelete('SET NULL');
  });

  await knex.schema.alterTable('service_requests', (t) => {
    t.text('priority').notNullable().defaultTo('normal');
    t.timestamp('first_response_at', { useTz: true });
    t.timestamp('first_response_due_at', { useTz: true });
    t.timestamp('resolution_due_at', { useTz: true });
    t.timestamp('resolved_at', { useTz: true });
    t.text('sla_state');
    t.check(PRIORITY_CHECK, [], 'service_requests_priority_check');
    t.check(SLA_STATE_CHECK, [], 'service_requests_sla_state_check');
  });

  await knex.schema.alterTable('chat_conversations', (t) => {
    t.text('priority').notNullable().defaultTo('normal');
    t.uuid('assignee_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('first_response_at', { useTz: true });
    t.timestamp('first_response_due_at', { useTz: true });
    t.text('sla_state');
    t.check(PRIORITY_CHECK, [], 'chat_conversations_priority_check');
    t.check(SLA_STATE_CHECK, [], 'chat_conversations_sla_state_check');
  });
  await knex.raw(
    'create index chat_conversations_assignee_id_index on chat_conversations (assignee_id) where assignee_id is not null',
  );

  await knex.schema.createTable('satisfaction_surveys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // The link's token is kept only as its SHA-256, like every other single-use link.
    t.text('token_hash').notNullable().unique();
    t.uuid('service_request_id').references('id').inTable('service_requests').onDelete('CASCADE');
    t.uuid('chat_conversation_id').references('id').inTable('chat_conversations').onDelete('CASCADE');
    t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('email');
    // Who held the item when it was closed: reports credit the rating to them.
    t.uuid('assignee_id').references('id').inTable('users').onDelete('SET NULL');
    t.smallint('rating');
    t.text('comment');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('answered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('rating between 1 and 5', [], 'satisfaction_surveys_rating_check');
    t.check('num_nonnulls(service_request_id, chat_conversation_id) = 1', [], 'satisfaction_surveys_one_subject_check');
  });
  await knex.raw(
    'create index satisfaction_surveys_service_request_id_index on satisfaction_surveys (service_request_id)',
  );
  await knex.raw(
    'create index satisfaction_surveys_chat_conversation_id_index on satisfaction_surveys (chat_conversation_id)',
  );
  await knex.raw(
    'create index satisfaction_surveys_answered_at_index on satisfaction_surveys (answered_at) where answered_at is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('satisfaction_surveys');
  await knex.raw('drop index chat_conversations_assignee_id_index');
  await knex.schema.alterTable('chat_conversations', (t) => {
    t.dropChecks(['chat_conversations_priority_check', 'chat_conversations_sla_state_check']);
    for (const column of ['sla_state', 'first_response_due_at', 'first_response_at', 'assignee_id', 'priority']) {
      t.dropColumn(column);
    }
  });
  await knex.schema.alterTable('service_requests', (t) => {
    t.dropChecks(['service_requests_priority_check', 'service_requests_sla_state_check']);
    for (const column of [
      'sla_state',
      'resolved_at',
      'resolution_due_at',
      'first_response_due_at',
      'first_response_at',
      'priority',
    ]) {
      t.dropColumn(column);
    }
  });
  await knex.schema.dropTable('settings');
}
