import type { BusinessHours, Holiday, Weekday } from './schemas/support';
import { weekdays } from './schemas/support';
import { wallTimeAt, zonedTimeToInstant } from './time-zones';

/**
 * Business-time arithmetic over a `BusinessHours` setting: is the team open,
 * when does it open next, what instant is N business minutes after another,
 * and how many business minutes lie between two instants. Openings are wall
 * times in the business time zone, so a day on which the clocks change still
 * opens at 8:00 local time; holidays close the whole local day.
 *
 * Everything walks the calendar one local day at a time; a setting with no
 * opening at all (or closed for two years) answers null instead of looping.
 */

const DAY_MS = 86_400_000;
/** How far ahead the walk looks before deciding the team never opens. */
const HORIZON_DAYS = 2 * 366;

export interface OpenInterval {
  start: number;
  end: number;
  /** The local date (YYYY-MM-DD) the opening belongs to. */
  date: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

function localDate(instant: number, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday; weekdays[] starts on Monday.
  const days = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  return weekdays[(((days + 3) % 7) + 7) % 7]!;
}

/** The holiday on a local date, if any. */
export function holidayOn(hours: BusinessHours, date: string): Holiday | undefined {
  return hours.holidays.find((holiday) => holiday.date === date);
}

/** The openings of one local date as instants, earliest first (none on a holiday). */
export function openingsOn(hours: BusinessHours, date: string): OpenInterval[] {
  if (holidayOn(hours, date)) return [];
  const day = weekdayOf(date);
  const intervals: OpenInterval[] = [];
  for (const opening of hours.weekly) {
    if (opening.day !== day) continue;
    // A wall time skipped by a clock change opens at the first instant after the gap.
    const start =
      zonedTimeToInstant(date, opening.opens, hours.timeZone) ??
      firstInstantAfterGap(date, opening.opens, hours.timeZone);
    const end =
      zonedTimeToInstant(date, opening.closes, hours.timeZone) ??
      firstInstantAfterGap(date, opening.closes, hours.timeZone);
    if (end > start) intervals.push({ start, end, date });
  }
  return intervals.sort((a, b) => a.start - b.start);
}

function firstInstantAfterGap(date: string, time: string, timeZone: string): number {
  const [hour, minute] = time.split(':').map(Number);
  // Clock changes move by at most an hour or two: try the following minutes until the wall time exists.
  for (let step = 1; step <= 180; step++) {
    const total = (hour ?? 0) * 60 + (minute ?? 0) + step;
    if (total >= 24 * 60) break;
    const instant = zonedTimeToInstant(date, `${pad(Math.floor(total / 60))}:${pad(total % 60)}`, timeZone);
    if (instant !== null) return instant;
  }
  return zonedTimeToInstant(nextDate(date), '00:00', timeZone) ?? Date.parse(`${nextDate(date)}T00:00:00Z`);
}

/** Open intervals that end after `from`, in order, for at most two years ahead. */
export function* openIntervalsFrom(hours: BusinessHours, from: number): Generator<OpenInterval> {
  // Start a day early: an opening of the previous local day never reaches past midnight, but starting
  // there costs nothing and keeps the walk right for instants near a date line.
  let date = localDate(from - DAY_MS, hours.timeZone);
  for (let day = 0; day <= HORIZON_DAYS + 1; day++) {
    for (const interval of openingsOn(hours, date)) if (interval.end > from) yield interval;
    date = nextDate(date);
  }
}

/** Whether the team is open at an instant. */
export function isOpenAt(hours: BusinessHours, instant: number): boolean {
  for (const interval of openIntervalsFrom(hours, instant)) return interval.start <= instant;
  return false;
}

/** The first instant at or after `instant` when the team is open (`instant` itself when open), or null if never. */
export function nextOpening(hours: BusinessHours, instant: number): number | null {
  for (const interval of openIntervalsFrom(hours, instant)) return Math.max(interval.start, instant);
  return null;
}

/**
 * The instant `minutes` business minutes after `start` (a clock started
 * outside hours begins at the next opening), or null when the team never
 * opens long enough.
 */
export function addBusinessMinutes(hours: BusinessHours, start: number, minutes: number): number | null {
  let remaining = Math.max(0, minutes) * 60_000;
  for (const interval of openIntervalsFrom(hours, start)) {
    const from = Math.max(interval.start, start);
    const available = interval.end - from;
    if (remaining <= available) return from + remaining;
    remaining -= available;
  }
  return null;
}

/** Business milliseconds between two instants (0 when `to` is not after `from`). */
export function businessMillisecondsBetween(hours: BusinessHours, from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  for (const interval of openIntervalsFrom(hours, from)) {
    if (interval.start >= to) break;
    total += Math.min(interval.end, to) - Math.max(interval.start, from);
  }
  return total;
}

/** Whole business minutes between two instants, rounded down. */
export function businessMinutesBetween(hours: BusinessHours, from: number, to: number): number {
  return Math.floor(businessMillisecondsBetween(hours, from, to) / 60_000);
}
