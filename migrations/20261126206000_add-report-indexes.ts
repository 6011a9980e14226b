import type { Knex } from 'knex';

/**
 * Indexes the reports read by (issue 27, decision 194): each report picks the
 * rows whose time falls in its range — tickets and chats created or resolved,
 * orders paid, refunds made, quotes sent, accepted or declined — so each of
 * those times has an index (partial where most rows have none). Tickets by
 * creation, ratings by answer time and subscriptions (few rows) already do.
 */
const indexes: [name: string, definition: string][] = [
  ['service_requests_resolved_at_index', 'service_requests (resolved_at) where resolved_at is not null'],
  ['chat_conversations_created_at_index', 'chat_conversations (created_at)'],
  ['chat_conversations_closed_at_index', 'chat_conversations (closed_at) where closed_at is not null'],
  ['orders_paid_at_index', 'orders (paid_at) where paid_at is not null'],
  ['refunds_succeeded_at_index', "refunds (succeeded_at) where status = 'succeeded'"],
  ['quotes_sent_at_index', 'quotes (sent_at) where sent_at is not null'],
  ['quotes_accepted_at_index', 'quotes (accepted_at) where accepted_at is not null'],
  ['quotes_declined_at_index', 'quotes (declined_at) where declined_at is not null'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of indexes) await knex.raw(`create index ${name} on ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of indexes.toReversed()) await knex.raw(`drop index ${name}`);
}
