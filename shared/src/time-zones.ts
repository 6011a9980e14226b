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

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'Etc/Universal', 'Etc/Zulu', 'GMT']);

/** Whether a zone name is one of the names of UTC ("UTC", "Etc/UTC", "GMT"…). */
export const isUtcZone = (timeZone: string) => UTC_ZONES.has(timeZone);

/**
 * The name people use for a zone, for clients (issue 29): "Central Time", "Central European Time", "UTC". A zone
 * Intl has no such name for (it would say "GMT+05:45") is named by its place ("Asia/Kathmandu" → "Kathmandu time").
 */
export function zoneName(timeZone: string, at: number | string = Date.now()): string {
  if (isUtcZone(timeZone)) return 'UTC';
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  if (name && !/^GMT/.test(name)) return name;
  return `${(timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ')} time`;
}

/** The zone's offset from UTC at an instant, as "UTC−06:00" ("UTC" for none). */
export function zoneOffset(timeZone: string, at: number | string = Date.now()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  return !offset || offset === 'GMT' ? 'UTC' : offset.replace('GMT', 'UTC').replace('-', '−');
}

/** "Tuesday, December 1, 2026 at 2:30 PM (Central Time)": an instant in a zone, named as people name it. */
export function formatInZone(instant: string | number, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(new Date(instant)) + ` (${zoneName(timeZone, instant)})`
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

export interface TimeZoneChoice {
  /** The IANA name the API takes ("America/Chicago", "UTC"). */
  value: string;
  /** "America/Chicago — Central Time (UTC−06:00)". */
  label: string;
}

/**
 * The time-zone picker's choices: UTC first, then every zone the browser knows, each with the name people use and
 * its offset now, so "central" or "berlin" finds it. A zone not in the list (the browser's own, or the one chosen
 * before) is added.
 */
export function timeZoneChoices(supported: readonly string[], include: readonly string[] = []): TimeZoneChoice[] {
  const zones = [
    ...new Set(['UTC', ...supported.filter((zone) => !isUtcZone(zone)), ...include.filter((z) => !isUtcZone(z))]),
  ];
  const now = Date.now();
  return zones.map((value) => ({
    value,
    label:
      value === 'UTC'
        ? 'UTC — Coordinated Universal Time'
        : `${value.replace(/_/g, ' ')} — ${zoneName(value, now)} (${zoneOffset(value, now)})`,
  }));
}

/** The choices whose label holds every word of `query` (any case); the `selected` one always stays. */
export function filterTimeZones(choices: readonly TimeZoneChoice[], query: string, selected: string): TimeZoneChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  return choices.filter(
    (choice) => choice.value === selected || words.every((word) => choice.label.toLowerCase().includes(word)),
  );
}

/** The zone a picker starts at: the browser's, with any name of UTC as "UTC" (not the first zone of the list). */
export function startingZone(browserZone: string | undefined): string {
  if (!browserZone || isUtcZone(browserZone)) return 'UTC';
  return browserZone;
}
