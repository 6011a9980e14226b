import type { Knex } from 'knex';

/**
 * What the support report reads of each rating answered in its range, in the index it is found by (decision 210):
 * the holder, the rating and its item, so the ratings query is an index-only scan — the answered-time index alone
 * fetched every rating's row from the table (one page each: 12,770 pages for a year's 13,334 ratings at the bench's
 * size). The surveys' own `satisfaction_surveys_answered_at_index` stays for the module that owns them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index satisfaction_surveys_report_answered_index on satisfaction_surveys (answered_at)
       include (assignee_id, rating, service_request_id, chat_conversation_id) where rating is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index satisfaction_surveys_report_answered_index');
}
