import type { BusinessHours } from '@shared/schemas/support';
import { openingsOn } from '@shared/business-time';

/**
 * The business hours between two days laid out once as arrays PostgreSQL
 * can search (decision 194): the openings' starts and lengths in
 * milliseconds since the epoch, and the business milliseconds before each.
 * The business time up to an instant t is then
 *   i = width_bucket(t, starts)   -- binary search: the last opening starting at or before t
 *   before[i] + least(greatest(t - starts[i], 0), lengths[i])
 * so the business minutes between two instants of every row are computed in
 * the query, exactly as shared/src/business-time.ts `businessMinutesBetween`
 * would (its test compares them), without a row leaving the database.
 */
export interface BusinessClock {
  starts: number[];
  lengths: number[];
  before: number[];
}

const DAY_MS = 86_400_000;

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function build(hours: BusinessHours, firstDate: string, lastDate: string): BusinessClock {
  const clock: BusinessClock = { starts: [], lengths: [], before: [] };
  let total = 0;
  for (let date = firstDate; date <= lastDate; date = nextDate(date)) {
    for (const opening of openingsOn(hours, date)) {
      clock.starts.push(opening.start);
      clock.lengths.push(opening.end - opening.start);
      clock.before.push(total);
      total += opening.end - opening.start;
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
  const clock = build(hours, firstDate, lastDate);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, clock);
  return clock;
}

/**
 * SQL for the business milliseconds from the clock's start to `column` (an
 * expression of type timestamptz), reading the clock from the positional
 * bindings the caller passes as `starts`, `lengths`, `before` (float8[]).
 */
export function businessMsSql(column: string, arrays: { starts: string; lengths: string; before: string }): string {
  const t = `(extract(epoch from ${column}) * 1000)::float8`;
  const i = `width_bucket(${t}, ${arrays.starts})`;
  return `(case when ${i} = 0 then 0 else ${arrays.before}[${i}] + least(greatest(${t} - ${arrays.starts}[${i}], 0), ${arrays.lengths}[${i}]) end)`;
}
