import type { Knex } from 'knex';

/**
 * Priorities and chat assignees (issue 26): a ticket's timeline records
 * priority changes (a `priority` entry with the new priority, staff only,
 * like assignments), and a chat remembers when it was assigned (the offline
 * grace counts from then at the earliest).
 */
const KINDS_BEFORE = `kind in ('reply', 'note', 'status', 'assignment', 'consultation_proposed', 'consultation_confirmed')`;
const KINDS_AFTER = `kind in ('reply', 'note', 'status', 'assignment', 'priority', 'consultation_proposed', 'consultation_confirmed')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('service_request_events', (t) => {
    t.dropChecks(['service_request_events_kind_check']);
    t.text('priority');
  });
  await knex.schema.alterTable('service_request_events', (t) => {
    t.check(KINDS_AFTER, [], 'service_request_events_kind_check');
    t.check(
      `priority is null or priority in ('low', 'normal', 'high', 'urgent')`,
      [],
      'service_request_events_priority_check',
    );
    t.check(`kind <> 'priority' or priority is not null`, [], 'service_request_events_priority_kind_check');
  });
  await knex.schema.alterTable('chat_conversations', (t) => {
    t.timestamp('assigned_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_conversations', (t) => {
    t.dropColumn('assigned_at');
  });
  await knex('service_request_events').where({ kind: 'priority' }).delete();
  await knex.schema.alterTable('service_request_events', (t) => {
    t.dropChecks([
      'service_request_events_kind_check',
      'service_request_events_priority_check',
      'service_request_events_priority_kind_check',
    ]);
    t.dropColumn('priority');
  });
  await knex.schema.alterTable('service_request_events', (t) => {
    t.check(KINDS_BEFORE, [], 'service_request_events_kind_check');
  });
}
