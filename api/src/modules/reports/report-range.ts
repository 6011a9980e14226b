import type { ReportInterval, ReportIntervalBounds } from '@shared/schemas/reports';
import { zonedTimeToInstant, wallTimeAt } from '@shared/time-zones';

/**
 * A report's range in the business time zone: its instants, and the buckets
 * it is cut into. PostgreSQL names a bucket by the local date its day, week
 * (Monday first) or month starts on (`date_trunc` on the local time); the
 * first and last buckets are cut at the range's ends.
 */

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first instant of a local date (its midnight, or the first instant after a clock change that skipped it). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  for (const time of ['00:00', '01:00', '02:00', '03:00']) {
    const instant = zonedTimeToInstant(date, time, timeZone);
    if (instant !== null) return new Date(instant);
  }
  return new Date(`${date}T00:00:00Z`);
}

export function localDateOf(instant: Date, timeZone: string): string {
  const wall = wallTimeAt(instant.getTime(), timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

function bucketStartOf(date: string, interval: ReportInterval): string {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  const days = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  const weekday = (((days + 3) % 7) + 7) % 7; // 0 = Monday (1970-01-01 was a Thursday)
  return addDays(date, -weekday);
}

function nextBucket(key: string, interval: ReportInterval): string {
  if (interval === 'day') return addDays(key, 1);
  if (interval === 'week') return addDays(key, 7);
  const [year, month] = key.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

export interface Bucket extends ReportIntervalBounds {
  /** The date PostgreSQL's date_trunc names the bucket by. */
  key: string;
}

/** The buckets from `from` to `to` (both included), in order. */
export function bucketsOf(from: string, to: string, interval: ReportInterval): Bucket[] {
  const buckets: Bucket[] = [];
  for (let key = bucketStartOf(from, interval); key <= to; key = nextBucket(key, interval)) {
    const last = addDays(nextBucket(key, interval), -1);
    buckets.push({ key, start: key < from ? from : key, end: last > to ? to : last });
  }
  return buckets;
}

/** Each bucket's first instant, the first instant after it, and its name, in order. */
export interface BucketBounds {
  starts: Date[];
  ends: Date[];
  keys: string[];
}

/**
 * The buckets as instants (decision 207): from the start of a bucket's first local day to the start of the day after
 * its last. An instant of the range lies in a bucket's bounds exactly when date_trunc of its local time names it.
 */
export function bucketBoundsOf(from: string, to: string, interval: ReportInterval, timeZone: string): BucketBounds {
  const buckets = bucketsOf(from, to, interval);
  return {
    starts: buckets.map((bucket) => startOfLocalDate(bucket.start, timeZone)),
    ends: buckets.map((bucket) => startOfLocalDate(addDays(bucket.end, 1), timeZone)),
    keys: buckets.map((bucket) => bucket.key),
  };
}
