import { holidayOn, isOpenAt, nextOpening } from './business-time';
import type { BusinessHours, Holiday, Weekday } from './schemas/support';
import { weekdays } from './schemas/support';
import { formatClockTime } from './site/business-hours';
import { wallTimeAt } from './time-zones';

/**
 * Business hours in the visitor's words (issue 26): "We're back Monday at
 * 8:00 AM Central", the weekly hours as the contact page lists them, and the
 * away reply a chat or an acknowledgement email carries outside hours. The
 * arithmetic is business-time.ts; this file only words its answers.
 */

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

function localDateOf(instant: number, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The zone as people say it: "Central" for America/Chicago, "Eastern" for America/New_York. */
export function timeZoneWords(timeZone: string, at: number = Date.now()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return (name ?? timeZone).replace(/ Time$/, '');
}

/**
 * When an instant falls, said from `now`: "today at 2:00 PM Central",
 * "tomorrow at 8:00 AM Central", "Monday at 8:00 AM Central" within a week,
 * "Monday, January 5 at 8:00 AM Central" further away.
 */
export function whenInWords(hours: BusinessHours, instant: number, now: number): string {
  const wall = wallTimeAt(instant, hours.timeZone);
  const date = localDateOf(instant, hours.timeZone);
  const clock = formatClockTime(`${pad(wall.hour)}:${pad(wall.minute)}`);
  const zone = timeZoneWords(hours.timeZone, instant);
  const days = daysBetween(localDateOf(now, hours.timeZone), date);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' }).format(
    Date.parse(`${date}T12:00:00Z`),
  );
  let day: string;
  if (days <= 0) day = 'today';
  else if (days === 1) day = 'tomorrow';
  else if (days < 7) day = weekday;
  else {
    day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
      Date.parse(`${date}T12:00:00Z`),
    );
  }
  return `${day} at ${clock} ${zone}`;
}

/** Whether the team is open now, the holiday that closes today (if any) and when it opens next. */
export interface OpenState {
  openNow: boolean;
  holidayToday: Holiday | null;
  /** The next opening (ISO) when closed now; null when open, or when the hours never open. */
  nextOpening: string | null;
  /** That opening in words ("Monday at 8:00 AM Central"); null with it. */
  nextOpeningText: string | null;
}

export function openState(hours: BusinessHours, now: number): OpenState {
  const openNow = isOpenAt(hours, now);
  const holidayToday = holidayOn(hours, localDateOf(now, hours.timeZone)) ?? null;
  const next = openNow ? null : nextOpening(hours, now);
  return {
    openNow,
    holidayToday,
    nextOpening: next === null ? null : new Date(next).toISOString(),
    nextOpeningText: next === null ? null : whenInWords(hours, next, now),
  };
}

/**
 * The away reply: why nobody answers now and when the team is back, and that
 * the reply also goes by email (to the address given, or if they leave one).
 * Null when the team is open.
 */
export function awayReply(hours: BusinessHours, now: number, { emailGiven }: { emailGiven: boolean }): string | null {
  const state = openState(hours, now);
  if (state.openNow) return null;
  const closed = state.holidayToday ? `We're closed today for ${state.holidayToday.name}.` : "We're closed right now.";
  const back = state.nextOpeningText ? ` We're back ${state.nextOpeningText}.` : '';
  const email = emailGiven
    ? ' We have your email address, so our reply will also go there.'
    : ' Leave your email address and our reply will also go by email.';
  return `Thanks for your message! ${closed}${back}${email}`;
}

/** The wording for an acknowledgement email sent outside hours; null when the team is open. */
export function awayNoticeForEmail(hours: BusinessHours, now: number): string | null {
  const state = openState(hours, now);
  if (state.openNow) return null;
  const closed = state.holidayToday
    ? `Our office is closed today for ${state.holidayToday.name}`
    : 'Our office is closed right now';
  const back = state.nextOpeningText ? `: we're back ${state.nextOpeningText}` : '';
  return `${closed}${back}. Our reply will come to you by email.`;
}

/** The weekly hours as lines, days with the same openings grouped: "Monday – Friday" / "8:00 AM – 6:00 PM". */
export function weeklyHoursLines(hours: BusinessHours): { label: string; value: string }[] {
  const valueOf = (day: Weekday) => {
    const openings = hours.weekly
      .filter((opening) => opening.day === day)
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map((opening) =>
        opening.opens === '00:00' && opening.closes === '24:00'
          ? 'Open 24 hours'
          : `${formatClockTime(opening.opens)} – ${opening.closes === '24:00' ? 'midnight' : formatClockTime(opening.closes)}`,
      );
    return openings.length > 0 ? openings.join(', ') : 'Closed';
  };
  const lines: { first: Weekday; last: Weekday; value: string }[] = [];
  for (const day of weekdays) {
    const value = valueOf(day);
    const previous = lines.at(-1);
    if (previous && previous.value === value && value !== 'Closed') previous.last = day;
    else lines.push({ first: day, last: day, value });
  }
  return lines.map((line) => ({
    label:
      line.first === line.last
        ? WEEKDAY_NAMES[line.first]
        : `${WEEKDAY_NAMES[line.first]} – ${WEEKDAY_NAMES[line.last]}`,
    value: line.value,
  }));
}

/** `GET /api/business-hours`: what the contact page and the chat widget show. */
export interface PublicBusinessHours extends OpenState {
  timeZone: string;
  /** The zone in words, e.g. "Central". */
  timeZoneLabel: string;
  lines: { label: string; value: string }[];
  /** Holidays from today on, soonest first (at most 10). */
  upcomingHolidays: Holiday[];
}

export function publicBusinessHours(hours: BusinessHours, now: number): PublicBusinessHours {
  const today = localDateOf(now, hours.timeZone);
  return {
    timeZone: hours.timeZone,
    timeZoneLabel: timeZoneWords(hours.timeZone, now),
    lines: weeklyHoursLines(hours),
    upcomingHolidays: hours.holidays
      .filter((holiday) => holiday.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date))
      .slice(0, 10),
    ...openState(hours, now),
  };
}
