import type { BusinessHours } from '@shared/schemas/support';
import { openingsOn } from '@shared/business-time';

/**
 * The business hours between two days laid out once as arrays PostgreSQL
 * can search (decision 194): for each opening, in order, its start, and the
 * business time up to any instant inside it as an offset from that instant,
 * and the business time at its end (all in milliseconds). The business time
 * from the clock's start up to an instant t is then
 *   i = width_bucket(t, starts)   -- binary search: the last opening starting at or before t
 *   0 when i = 0, else least(offsets[i] + t, ends[i])
 * so the business minutes between two instants of every row are computed in
 * the query, exactly as shared/src/business-time.ts `businessMinutesBetween`
 * would (the reports' tests compare them), without a row leaving the database.
 */
export interface BusinessClock {
  starts: number[];
  offsets: number[];
  ends: number[];
}

const DAY_MS = 86_400_000;

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The clock over whole local days `firstDate`..`lastDate`, laid out afresh (item-facts.ts stores it). */
export function layOutBusinessClock(hours: BusinessHours, firstDate: string, lastDate: string): BusinessClock {
  const clock: BusinessClock = { starts: [], offsets: [], ends: [] };
  let total = 0;
  for (let date = firstDate; date <= lastDate; date = nextDate(date)) {
    for (const opening of openingsOn(hours, date)) {
      clock.starts.push(opening.start);
      clock.offsets.push(total - opening.start);
      total += opening.end - opening.start;
      clock.ends.push(total);
    }
  }
  return clock;
}

/** A few clocks per instance: reports opened together over the same range share one. */
const cache = new Map<string, BusinessClock>();
const CACHE_SIZE = 16;

/** The clock over whole local days `firstDate`..`lastDate` (YYYY-MM-DD, both included). */
export function businessClock(hours: BusinessHours, firstDate: string, lastDate: string): BusinessClock {
  const key = `${JSON.stringify(hours)}|${firstDate}|${lastDate}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const clock = layOutBusinessClock(hours, firstDate, lastDate);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, clock);
  return clock;
}

/**
 * SQL: the epoch milliseconds of a timestamptz expression, whole (rounded down, as a JavaScript Date holds it), so
 * every sum below is an exact integer and a count never depends on where the clock starts (decision 207).
 */
export const epochMsSql = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * SQL for the index of the opening an instant falls in or after (0: before the first), given the epoch
 * milliseconds expression `ms`; the query binds `:starts` to the clock's starts.
 */
export const openingIndexSql = (ms: string) => `width_bucket(${ms}, :starts::float8[])`;

/** SQL for the business milliseconds up to an instant, from its epoch milliseconds and its opening index. */
export const businessMsSql = (ms: string, index: string) =>
  `(case when ${index} = 0 then 0::float8 else least((:offsets::float8[])[${index}] + ${ms}, (:ends::float8[])[${index}]) end)`;
