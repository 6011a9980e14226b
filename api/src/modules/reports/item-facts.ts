import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { BusinessHours } from '@shared/schemas/support';
import { readBusinessHours } from '../settings/business-hours';
import { layOutBusinessClock } from './business-clock';
import { addDays, localDateOf, startOfLocalDate } from './report-range';
import { drainReportFacts, ITEM_TABLES, REPORT_FACTS_LOCK_KEY, reportFactsRecount } from './facts-recount';

/**
 * Each ticket's and chat's report facts (decision 207): first-response and resolution times in calendar minutes and
 * in whole business minutes, stored on the item (`report_*` columns) and stamped with the business hours they were
 * counted in (`report_facts_key`). PostgreSQL counts them (`report_item_facts`, migration
 * 20261127130000_add-report-item-facts) from the business hours laid out in `report_business_openings`, in a trigger
 * whenever an item is made or its creation, first response or resolution changes — in that writer's transaction.
 *
 * This file keeps the layout true: it lays the hours out again — when the hours change (in the PUT's transaction,
 * through app.ts), when a report finds the layout missing, of other hours, or less than a year from its end — and
 * has the items without the current stamp counted in the background, in small batches (facts-recount.ts, decision
 * 210). A report uses the stored facts only when every item it reads carries the current stamp; a few stale items
 * in its range it counts itself, more it leaves to the background and counts business time live (read-model.ts), so
 * a figure is never from stale facts.
 */

const DAY_MS = 86_400_000;
/** The layout reaches two years past today, and is laid out again when less than a year is left. */
const AHEAD_DAYS = 731;
const RENEW_WITHIN_MS = 365 * DAY_MS;

/** The stamp of a business hours setting: the same hours give the same business minutes. */
export function hoursKey(hours: BusinessHours): string {
  return createHash('sha256').update(JSON.stringify(hours)).digest('hex').slice(0, 32);
}

function isTransaction(db: Knex | Knex.Transaction): db is Knex.Transaction {
  return (db as Knex.Transaction).isTransaction === true;
}

/**
 * Lays the current business hours out from the oldest item's day to two years ahead, under the layout's lock: in the
 * caller's transaction (the business hours PUT) or in its own. Counts no item: items stamped with these hours stay
 * right (the minutes do not depend on where a layout starts), the others are counted by the background recount.
 * Returns the layout's stamp.
 */
export async function layOutReportClock(db: Knex | Knex.Transaction): Promise<string> {
  const run = async (trx: Knex.Transaction): Promise<string> => {
    await trx.raw('select pg_advisory_xact_lock(?)', [REPORT_FACTS_LOCK_KEY]);
    const hours = await readBusinessHours(trx);
    const key = hoursKey(hours);
    const { rows } = await trx.raw<{ rows: { earliest: Date | null }[] }>(
      `select least((select min(created_at) from tickets), (select min(created_at) from chat_conversations))
              as earliest`,
    );
    const now = new Date();
    const earliest = rows[0]?.earliest && rows[0].earliest < now ? rows[0].earliest : now;
    const firstDate = addDays(localDateOf(earliest, hours.timeZone), -1);
    const lastDate = addDays(localDateOf(now, hours.timeZone), AHEAD_DAYS);
    const clock = layOutBusinessClock(hours, firstDate, lastDate);
    await trx.raw(
      `insert into report_business_clock (id, hours_key, from_ms, to_ms, laid_out_at) values (true, ?, ?, ?, now())
       on conflict (id) do update
         set hours_key = excluded.hours_key, from_ms = excluded.from_ms, to_ms = excluded.to_ms,
             laid_out_at = excluded.laid_out_at`,
      [
        key,
        startOfLocalDate(firstDate, hours.timeZone).getTime(),
        startOfLocalDate(addDays(lastDate, 1), hours.timeZone).getTime(),
      ],
    );
    await trx.raw('delete from report_business_openings');
    await trx.raw(
      `insert into report_business_openings (start_ms, offset_ms, end_ms)
       select * from unnest(?::float8[], ?::float8[], ?::float8[])`,
      [clock.starts, clock.offsets, clock.ends],
    );
    return key;
  };
  return isTransaction(db) ? run(db) : db.transaction(run);
}

/**
 * Lays the hours out and counts every item not stamped with them, in batches, before it returns (the bench, and what
 * the background recount does). Returns how many items it stamped.
 */
export async function rebuildReportFacts(db: Knex): Promise<number> {
  await layOutReportClock(db);
  return drainReportFacts(db);
}

/**
 * Before a report: the stored layout is of the current hours and more than a year from its end, or it is laid out
 * again now (and the background recount started). Returns the stamp the report's items must carry.
 */
export async function ensureReportFacts(db: Knex, hours: BusinessHours): Promise<string> {
  const key = hoursKey(hours);
  const { rows } = await db.raw<{ rows: { hours_key: string; to_ms: number }[] }>(
    'select hours_key, to_ms from report_business_clock',
  );
  const stored = rows[0];
  if (!stored || stored.hours_key !== key || stored.to_ms < Date.now() + RENEW_WITHIN_MS) {
    await layOutReportClock(db);
    reportFactsRecount(db).kick();
  }
  return key;
}

/** At most this many stale items in its range a report counts itself before reading again; more are left to the
 * background recount, and the report is counted live. */
export const HEAL_IN_REQUEST_LIMIT = 1_000;

/** After a heal that left items it could not count, this instance does not try again for a while. */
const RETRY_AFTER_MS = 10 * 60_000;
let nothingToHealUntil = 0;

/**
 * Counts the stale items created or resolved in [from, to), in one transaction: how many it stamped, and how many it
 * found that it could not count (outside the layout).
 */
async function stampRange(db: Knex, range: { from: Date; to: Date }): Promise<{ stamped: number; left: number }> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock_shared(?)', [REPORT_FACTS_LOCK_KEY]);
    const result = { stamped: 0, left: 0 };
    for (const [table, resolved] of ITEM_TABLES) {
      const { rows } = await trx.raw<{ rows: { stamped: number; left: number }[] }>(
        `with counted as (
           update ${table}
              set (report_first_response_minutes, report_first_response_business_minutes, report_resolution_minutes,
                   report_resolution_business_minutes, report_facts_key)
                = (select f.* from report_item_facts(created_at, first_response_at, ${resolved}) as f)
            where report_facts_key is distinct from (select hours_key from report_business_clock)
              and ((created_at >= :from and created_at < :to) or (${resolved} >= :from and ${resolved} < :to))
           returning report_facts_key)
         select count(report_facts_key)::int as stamped, (count(*) - count(report_facts_key))::int as left
           from counted`,
        range,
      );
      result.stamped += rows[0]?.stamped ?? 0;
      result.left += rows[0]?.left ?? 0;
    }
    return result;
  });
}

/**
 * A report found a few items in its range without the current stamp (made with older times than the layout, or not
 * yet reached by the background recount): count them now — laying the hours out again from the oldest item when
 * some could not be counted — unless that just found items it could not count. True when none is left stale (the
 * background recount may have counted them meanwhile).
 */
export async function healReportFacts(db: Knex, range: { from: Date; to: Date }): Promise<boolean> {
  if (Date.now() < nothingToHealUntil) return false;
  let { left } = await stampRange(db, range);
  if (left > 0) {
    await layOutReportClock(db);
    ({ left } = await stampRange(db, range));
  }
  if (left > 0) nothingToHealUntil = Date.now() + RETRY_AFTER_MS;
  return left === 0;
}
