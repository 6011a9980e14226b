import type { Knex } from 'knex';

/**
 * A count of the committed changes each report reads (issue 27, decision 214), so an instance may answer a report
 * again from memory while — and only while — nothing it reads has changed.
 *
 * - A transaction that inserts, deletes or truncates rows of a table a report reads, or changes a row's values (for
 *   tickets, chats and staff: in the columns a report reads), adds one row to `report_changes` per topic it
 *   touches: `support`, `sales`, or both. A statement that changes nothing (a sweep finding nothing due) adds
 *   nothing. Rows of different transactions never conflict, so writers do not wait on each other.
 * - A report's fingerprint is `report_change_epochs.epoch` and `folded` plus the count of the topic's rows, read in
 *   one statement. Only committed changes are counted, a later reader counts every change an earlier one did, so
 *   two equal counts mean the same changes. Folding (rows deleted, `folded` raised in the same statement) keeps the
 *   sum; a lost epoch row (a truncate, a restore) is made again with a new random epoch.
 * - The tables are bookkeeping, not data: backups leave them out (api/src/db/backup.ts).
 */

/** Both kinds of item: the service-level state and the report facts (decision 207). */
const ITEM_FACT_COLUMNS = [
  'sla_state',
  'report_first_response_minutes',
  'report_first_response_business_minutes',
  'report_resolution_minutes',
  'report_resolution_business_minutes',
  'report_facts_key',
];

const TICKET_COLUMNS = [
  'id',
  'number',
  'created_at',
  'priority',
  'assignee_id',
  'first_response_at',
  'first_response_due_at',
  'resolution_due_at',
  'resolved_at',
  ...ITEM_FACT_COLUMNS,
];

const CHAT_COLUMNS = [
  'id',
  'created_at',
  'closed_at',
  'priority',
  'assignee_id',
  'first_response_at',
  'first_response_due_at',
  ...ITEM_FACT_COLUMNS,
];

/** Each table a report reads, the topics its changes concern, and (for busy tables) the columns that matter. */
export const REPORTED_TABLES: { table: string; topics: ('support' | 'sales')[]; columns?: string[] }[] = [
  { table: 'tickets', topics: ['support'], columns: TICKET_COLUMNS },
  { table: 'chat_conversations', topics: ['support'], columns: CHAT_COLUMNS },
  { table: 'satisfaction_surveys', topics: ['support'] },
  { table: 'report_business_clock', topics: ['support'] },
  { table: 'report_business_openings', topics: ['support'] },
  { table: 'orders', topics: ['sales'] },
  { table: 'refunds', topics: ['sales'] },
  { table: 'quotes', topics: ['sales'] },
  { table: 'subscriptions', topics: ['sales'] },
  { table: 'subscription_plans', topics: ['sales'] },
  { table: 'settings', topics: ['support', 'sales'] },
  { table: 'users', topics: ['support', 'sales'], columns: ['id', 'first_name', 'last_name', 'username'] },
];

const triggerName = (table: string, event: string) => `${table}_report_change_${event}`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table report_changes (
      topic text not null check (topic in ('support', 'sales')),
      xid xid8 not null,
      primary key (topic, xid)
    );
    create table report_change_epochs (
      topic text primary key check (topic in ('support', 'sales')),
      epoch uuid not null default gen_random_uuid(),
      folded bigint not null default 0
    );
    insert into report_change_epochs (topic) values ('support'), ('sales');
    create function note_report_change() returns trigger language plpgsql as $$
    declare
      topic text;
    begin
      -- Once per transaction and topic: a local setting remembers it (and is undone with a rolled-back savepoint).
      foreach topic in array tg_argv loop
        if coalesce(current_setting('report_changes.' || topic, true), '') <> 'noted' then
          insert into report_changes (topic, xid) values (topic, pg_current_xact_id()) on conflict do nothing;
          perform set_config('report_changes.' || topic, 'noted', true);
        end if;
      end loop;
      return null;
    end $$;
  `);
  for (const { table, topics, columns } of REPORTED_TABLES) {
    const args = topics.map((topic) => `'${topic}'`).join(', ');
    // Only rows that really changed count: a sweep that updates nothing, or a chat message's last_message_at, not.
    const changed = columns
      ? `(${columns.map((column) => `old.${column}`).join(', ')}) is distinct from (${columns.map((column) => `new.${column}`).join(', ')})`
      : // As text, so a column of a type without equality (json) can never make the comparison fail.
        'old::text is distinct from new::text';
    await knex.raw(`
      create trigger ${triggerName(table, 'rows')} after insert or delete on ${table}
        for each row execute function note_report_change(${args});
      create trigger ${triggerName(table, 'updates')} after update ${columns ? `of ${columns.join(', ')}` : ''}
        on ${table} for each row when (${changed}) execute function note_report_change(${args});
      create trigger ${triggerName(table, 'truncate')} after truncate on ${table}
        for each statement execute function note_report_change(${args});
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table } of REPORTED_TABLES.toReversed()) {
    await knex.raw(`
      drop trigger ${triggerName(table, 'truncate')} on ${table};
      drop trigger ${triggerName(table, 'updates')} on ${table};
      drop trigger ${triggerName(table, 'rows')} on ${table};
    `);
  }
  await knex.raw(`
    drop function note_report_change();
    drop table report_change_epochs;
    drop table report_changes;
  `);
}
