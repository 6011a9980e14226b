/**
 * Opening hours (spec §9) and the questions asked of them: the contact page
 * lists them, the chat widget shows them in away mode and says whether the
 * office is open now. The company's own hours live in ./company.ts.
 */

/** One line of the opening hours: these weekdays (0 = Sunday … 6 = Saturday), from–to, or closed. */
interface OpeningPeriod {
  label: string;
  days: number[];
  /** "HH:MM" in 24-hour time, or null when closed on these days. */
  opens: string | null;
  closes: string | null;
}

export interface BusinessHours {
  /** IANA time zone of the office, e.g. America/Chicago. */
  timeZone: string;
  /** Human name of that zone for display, e.g. "Central Time". */
  timeZoneLabel: string;
  periods: OpeningPeriod[];
  /** Shown under the hours, e.g. emergency support. */
  note: string;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** "08:00" → "8:00 AM", "18:00" → "6:00 PM". */
export function formatClockTime(time: string): string {
  const total = minutesOf(time);
  const hours = Math.floor(total / 60);
  const minutes = String(total % 60).padStart(2, '0');
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${suffix}`;
}

/** The hours as display lines, e.g. { label: 'Saturday', value: '9:00 AM – 2:00 PM' }. */
export function openingHoursLines(hours: BusinessHours): { label: string; value: string }[] {
  return hours.periods.map((period) => ({
    label: period.label,
    value:
      period.opens && period.closes ? `${formatClockTime(period.opens)} – ${formatClockTime(period.closes)}` : 'Closed',
  }));
}

/** Whether the office is open at `date`, judged in the office's own time zone. */
export function isOpenAt(hours: BusinessHours, date: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAYS[part('weekday')];
  if (weekday === undefined) return false;
  const now = Number(part('hour')) * 60 + Number(part('minute'));
  return hours.periods.some(
    (period) =>
      period.days.includes(weekday) &&
      period.opens !== null &&
      period.closes !== null &&
      now >= minutesOf(period.opens) &&
      now < minutesOf(period.closes),
  );
}
