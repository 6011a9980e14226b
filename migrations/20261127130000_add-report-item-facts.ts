import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { openingsOn } from '@shared/business-time';
import { businessHoursSchema, DEFAULT_BUSINESS_HOURS, type BusinessHours } from '@shared/schemas/support';
import { wallTimeAt, zonedTimeToInstant } from '@shared/time-zones';

/**
 * Each ticket's and chat's report facts, kept exact by PostgreSQL (issue 27, decision 207): its first-response and
 * resolution times in calendar minutes and in whole business minutes, stamped with the business hours they were
 * counted in (`report_facts_key`). The reports then group plain columns instead of counting business time per row.
 *
 * - `report_business_clock` (one row) and `report_business_openings`: the business hours laid out, one row per
 *   opening — its start, the business time up to any instant inside it as an offset from that instant, and the
 *   business time at its end (milliseconds) — over `[from_ms, to_ms)`, the same layout the reports' live queries
 *   search (api/src/modules/reports/business-clock.ts).
 * - `report_item_facts(created, answered, resolved)` counts an item's facts from it; instants are whole
 *   milliseconds, so every sum is an exact integer and the result equals `businessMinutesBetween`. An instant outside
 *   the layout (or no layout) leaves the business minutes null and the stamp null: the reports count such an item
 *   live.
 * - Triggers count them whenever an item is made or its creation, first response or resolution (a chat: its close)
 *   changes, in the writer's statement and so its transaction — whatever wrote it. A row inserted with a stamp (a
 *   restored backup) keeps its facts.
 * - Existing items are counted here, with the business hours stored now, laid out from the oldest item's day to two
 *   years ahead (the reports module lays it out again when the hours change or the end nears).
 */

const DAY_MS = 86_400_000;
const AHEAD_DAYS = 731;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function localDateOf(instant: number, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

function startOfLocalDate(date: string, timeZone: string): number {
  for (const time of ['00:00', '01:00', '02:00', '03:00']) {
    const instant = zonedTimeToInstant(date, time, timeZone);
    if (instant !== null) return instant;
  }
  return Date.parse(`${date}T00:00:00Z`);
}

async function storedHours(knex: Knex): Promise<BusinessHours> {
  const row = (await knex('settings').where({ key: 'business_hours' }).first('value')) as
    { value: unknown } | undefined;
  const parsed = row ? businessHoursSchema.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : DEFAULT_BUSINESS_HOURS;
}

/** The layout and the facts of every item, as api/src/modules/reports/item-facts.ts writes them (frozen here). */
async function backfill(knex: Knex): Promise<void> {
  const hours = await storedHours(knex);
  const key = createHash('sha256').update(JSON.stringify(hours)).digest('hex').slice(0, 32);
  const { rows } = await knex.raw<{ rows: { earliest: Date | null }[] }>(
    `select least((select min(created_at) from service_requests), (select min(created_at) from chat_conversations))
            as earliest`,
  );
  const now = Date.now();
  const earliest = Math.min(rows[0]?.earliest?.getTime() ?? now, now);
  const firstDate = addDays(localDateOf(earliest, hours.timeZone), -1);
  const lastDate = addDays(localDateOf(now, hours.timeZone), AHEAD_DAYS);
  const starts: number[] = [];
  const offsets: number[] = [];
  const ends: number[] = [];
  let total = 0;
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    for (const opening of openingsOn(hours, date)) {
      starts.push(opening.start);
      offsets.push(total - opening.start);
      total += opening.end - opening.start;
      ends.push(total);
    }
  }
  await knex.raw('insert into report_business_clock (hours_key, from_ms, to_ms) values (?, ?, ?)', [
    key,
    startOfLocalDate(firstDate, hours.timeZone),
    startOfLocalDate(addDays(lastDate, 1), hours.timeZone),
  ]);
  await knex.raw(
    `insert into report_business_openings (start_ms, offset_ms, end_ms)
     select * from unnest(?::float8[], ?::float8[], ?::float8[])`,
    [starts, offsets, ends],
  );
  for (const [table, resolved] of [
    ['service_requests', 'resolved_at'],
    ['chat_conversations', 'closed_at'],
  ] as const) {
    await knex.raw(
      `update ${table}
          set (report_first_response_minutes, report_first_response_business_minutes, report_resolution_minutes,
               report_resolution_business_minutes, report_facts_key)
            = (select f.* from report_item_facts(created_at, first_response_at, ${resolved}) as f)`,
    );
  }
}

/**
 * What a report reads of an item, in the index it is found by, so the figure queries are index-only scans (the rows
 * of a year of tickets lie on as many heap pages): by creation and by resolution (a chat: its close), each carrying
 * the holder, the priority, the SLA columns and the facts. They replace the plain time indexes migration
 * 20261126206000_add-report-indexes made for the reports; the orders' paid time carries the total the same way.
 */
const coveringIndexes: [name: string, definition: string, replaces: [string, string]][] = [
  [
    'service_requests_report_created_index',
    `service_requests (created_at) include (assignee_id, priority, first_response_at, first_response_due_at,
       resolution_due_at, resolved_at, sla_state, report_first_response_minutes, report_first_response_business_minutes,
       report_facts_key)`,
    ['', ''],
  ],
  [
    'service_requests_report_resolved_index',
    `service_requests (resolved_at) include (assignee_id, priority, report_resolution_minutes,
       report_resolution_business_minutes, report_facts_key) where resolved_at is not null`,
    ['service_requests_resolved_at_index', 'service_requests (resolved_at) where resolved_at is not null'],
  ],
  [
    'chat_conversations_report_created_index',
    `chat_conversations (created_at) include (assignee_id, priority, first_response_at, first_response_due_at,
       sla_state, report_first_response_minutes, report_first_response_business_minutes, report_facts_key)`,
    ['chat_conversations_created_at_index', 'chat_conversations (created_at)'],
  ],
  [
    'chat_conversations_report_closed_index',
    `chat_conversations (closed_at) include (assignee_id, priority, report_resolution_minutes,
       report_resolution_business_minutes, report_facts_key) where closed_at is not null`,
    ['chat_conversations_closed_at_index', 'chat_conversations (closed_at) where closed_at is not null'],
  ],
  [
    'orders_report_paid_index',
    'orders (paid_at) include (total_amount) where paid_at is not null',
    ['orders_paid_at_index', 'orders (paid_at) where paid_at is not null'],
  ],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table report_business_clock (
      id boolean primary key default true check (id),
      hours_key text not null,
      from_ms float8 not null,
      to_ms float8 not null,
      laid_out_at timestamptz not null default now()
    );

    create table report_business_openings (
      start_ms float8 primary key,
      offset_ms float8 not null,
      end_ms float8 not null
    );

    alter table service_requests
      add column report_first_response_minutes float8,
      add column report_first_response_business_minutes integer,
      add column report_resolution_minutes float8,
      add column report_resolution_business_minutes integer,
      add column report_facts_key text;

    alter table chat_conversations
      add column report_first_response_minutes float8,
      add column report_first_response_business_minutes integer,
      add column report_resolution_minutes float8,
      add column report_resolution_business_minutes integer,
      add column report_facts_key text;

    -- The business milliseconds up to an instant (whole epoch milliseconds) from the layout's start.
    create or replace function report_business_ms(at_ms float8) returns float8 language sql stable as $$
      select coalesce((select least(o.offset_ms + at_ms, o.end_ms) from report_business_openings o
                        where o.start_ms <= at_ms order by o.start_ms desc limit 1), 0)
    $$;

    create or replace function report_item_facts(
      created timestamptz, answered timestamptz, resolved timestamptz,
      out first_response_minutes float8, out first_response_business_minutes integer,
      out resolution_minutes float8, out resolution_business_minutes integer, out facts_key text
    ) language plpgsql stable as $$
    declare
      clock report_business_clock;
      c float8 := floor(extract(epoch from created) * 1000);
      a float8 := floor(extract(epoch from answered) * 1000);
      r float8 := floor(extract(epoch from resolved) * 1000);
      created_ms float8;
    begin
      first_response_minutes := extract(epoch from answered - created) / 60;
      resolution_minutes := extract(epoch from resolved - created) / 60;
      select * into clock from report_business_clock;
      if not found or created is null
         or c < clock.from_ms or c >= clock.to_ms
         or coalesce(a < clock.from_ms or a >= clock.to_ms, false)
         or coalesce(r < clock.from_ms or r >= clock.to_ms, false) then
        return;
      end if;
      created_ms := report_business_ms(c);
      if answered is not null then
        first_response_business_minutes := floor((report_business_ms(a) - created_ms) / 60000);
      end if;
      if resolved is not null then
        resolution_business_minutes := floor((report_business_ms(r) - created_ms) / 60000);
      end if;
      facts_key := clock.hours_key;
    end
    $$;

    create or replace function report_ticket_facts() returns trigger language plpgsql as $$
    declare f record;
    begin
      if tg_op = 'INSERT' and new.report_facts_key is not null then return new; end if;
      select * into f from report_item_facts(new.created_at, new.first_response_at, new.resolved_at);
      new.report_first_response_minutes := f.first_response_minutes;
      new.report_first_response_business_minutes := f.first_response_business_minutes;
      new.report_resolution_minutes := f.resolution_minutes;
      new.report_resolution_business_minutes := f.resolution_business_minutes;
      new.report_facts_key := f.facts_key;
      return new;
    end
    $$;

    create or replace function report_chat_facts() returns trigger language plpgsql as $$
    declare f record;
    begin
      if tg_op = 'INSERT' and new.report_facts_key is not null then return new; end if;
      select * into f from report_item_facts(new.created_at, new.first_response_at, new.closed_at);
      new.report_first_response_minutes := f.first_response_minutes;
      new.report_first_response_business_minutes := f.first_response_business_minutes;
      new.report_resolution_minutes := f.resolution_minutes;
      new.report_resolution_business_minutes := f.resolution_business_minutes;
      new.report_facts_key := f.facts_key;
      return new;
    end
    $$;

    create trigger service_requests_report_facts_insert
      before insert on service_requests
      for each row execute function report_ticket_facts();
    create trigger service_requests_report_facts_update
      before update of created_at, first_response_at, resolved_at on service_requests
      for each row when (
        old.created_at is distinct from new.created_at
        or old.first_response_at is distinct from new.first_response_at
        or old.resolved_at is distinct from new.resolved_at
      )
      execute function report_ticket_facts();

    create trigger chat_conversations_report_facts_insert
      before insert on chat_conversations
      for each row execute function report_chat_facts();
    create trigger chat_conversations_report_facts_update
      before update of created_at, first_response_at, closed_at on chat_conversations
      for each row when (
        old.created_at is distinct from new.created_at
        or old.first_response_at is distinct from new.first_response_at
        or old.closed_at is distinct from new.closed_at
      )
      execute function report_chat_facts();
  `);
  await backfill(knex);
  for (const [name, definition, [replaced]] of coveringIndexes) {
    if (replaced) await knex.raw(`drop index ${replaced}`);
    await knex.raw(`create index ${name} on ${definition}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, , [replaced, definition]] of coveringIndexes.toReversed()) {
    await knex.raw(`drop index ${name}`);
    if (replaced) await knex.raw(`create index ${replaced} on ${definition}`);
  }
  await knex.raw(`
    drop trigger chat_conversations_report_facts_update on chat_conversations;
    drop trigger chat_conversations_report_facts_insert on chat_conversations;
    drop trigger service_requests_report_facts_update on service_requests;
    drop trigger service_requests_report_facts_insert on service_requests;
    drop function report_chat_facts();
    drop function report_ticket_facts();
    drop function report_item_facts(timestamptz, timestamptz, timestamptz);
    drop function report_business_ms(float8);
    alter table chat_conversations
      drop column report_first_response_minutes,
      drop column report_first_response_business_minutes,
      drop column report_resolution_minutes,
      drop column report_resolution_business_minutes,
      drop column report_facts_key;
    alter table service_requests
      drop column report_first_response_minutes,
      drop column report_first_response_business_minutes,
      drop column report_resolution_minutes,
      drop column report_resolution_business_minutes,
      drop column report_facts_key;
    drop table report_business_openings;
    drop table report_business_clock;
  `);
}
