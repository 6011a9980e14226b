/**
 * Wall-clock times in named time zones, with nothing but Intl: what a staff
 * member types ("2026-12-01", "14:30", "America/Chicago") becomes one instant,
 * and an instant is shown back in that zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `timeZone` at an instant. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far `timeZone` is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  return asUtc(wallTimeAt(instant, timeZone)) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `timeZone` names, or null when that time
 * does not exist there (skipped when the clocks went forward). A time that
 * happens twice (clocks going back) is its first occurrence.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): number | null {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall: WallTime = {
    year: year ?? 0,
    month: month ?? 0,
    day: day ?? 0,
    hour: hour ?? 0,
    minute: minute ?? 0,
    second: 0,
  };
  const guess = asUtc(wall);
  // The earlier of the two candidate offsets first, so an ambiguous time gives its first occurrence.
  const offsets = [offsetAt(guess - 86_400_000, timeZone), offsetAt(guess + 86_400_000, timeZone)].sort(
    (a, b) => b - a,
  );
  for (const offset of offsets) {
    const instant = guess - offset;
    if (asUtc(wallTimeAt(instant, timeZone)) === guess) return instant;
  }
  return null;
}

/** "Tuesday, December 1, 2026, 2:30 PM CST" style text of an instant in a zone. */
export function formatInZone(instant: string | number, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(new Date(instant)) + ` (${timeZone.replace(/_/g, ' ')})`
  );
}

/** Whether a time zone name is one this runtime knows (IANA names such as America/Chicago). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
