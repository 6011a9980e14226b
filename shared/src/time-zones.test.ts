import { describe, expect, it } from 'vitest';
import {
  filterTimeZones,
  formatInZone,
  startingZone,
  timeZoneChoices,
  zonedTimeToInstant,
  zoneName,
} from './time-zones';

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

describe('zonedTimeToInstant', () => {
  it('reads a wall-clock time in its zone, in winter and in summer', () => {
    expect(iso(zonedTimeToInstant('2026-12-01', '14:30', 'America/Chicago'))).toBe('2026-12-01T20:30:00.000Z');
    expect(iso(zonedTimeToInstant('2026-07-01', '14:30', 'America/Chicago'))).toBe('2026-07-01T19:30:00.000Z');
    expect(iso(zonedTimeToInstant('2026-07-01', '09:00', 'Europe/Berlin'))).toBe('2026-07-01T07:00:00.000Z');
    expect(iso(zonedTimeToInstant('2026-12-01', '09:00', 'Asia/Kolkata'))).toBe('2026-12-01T03:30:00.000Z');
    expect(iso(zonedTimeToInstant('2026-12-01', '09:00', 'UTC'))).toBe('2026-12-01T09:00:00.000Z');
  });

  it('refuses a time skipped when the clocks go forward', () => {
    // 2026-03-08 02:30 does not exist in Chicago (02:00 → 03:00).
    expect(zonedTimeToInstant('2026-03-08', '02:30', 'America/Chicago')).toBeNull();
    expect(iso(zonedTimeToInstant('2026-03-08', '03:30', 'America/Chicago'))).toBe('2026-03-08T08:30:00.000Z');
  });

  it('takes the first of a time that happens twice when the clocks go back', () => {
    // 2026-11-01 01:30 happens in CDT (UTC−5) and again in CST (UTC−6).
    expect(iso(zonedTimeToInstant('2026-11-01', '01:30', 'America/Chicago'))).toBe('2026-11-01T06:30:00.000Z');
  });
});

describe('formatInZone', () => {
  it('shows the instant in the zone and names the zone', () => {
    expect(formatInZone('2026-12-01T20:30:00.000Z', 'America/Chicago')).toMatch(
      /^Tuesday, December 1, 2026 at 2:30\s?PM \(Central Time\)$/,
    );
  });
});

describe('the time-zone picker and the names clients read (issue 29)', () => {
  it('names zones as people do, UTC as UTC', () => {
    expect(zoneName('America/Chicago')).toBe('Central Time');
    expect(zoneName('America/New_York')).toBe('Eastern Time');
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('Etc/UTC')).toBe('UTC');
    expect(formatInZone('2026-12-01T09:00:00.000Z', 'UTC')).toMatch(/ \(UTC\)$/);
  });

  it('starts a UTC browser at UTC, not at the first zone of the list (Africa/Abidjan)', () => {
    expect(startingZone('UTC')).toBe('UTC');
    expect(startingZone('Etc/UTC')).toBe('UTC');
    expect(startingZone(undefined)).toBe('UTC');
    expect(startingZone('America/Chicago')).toBe('America/Chicago');
  });

  it('offers UTC first, once, and every zone with its name and offset', () => {
    const choices = timeZoneChoices(['Africa/Abidjan', 'America/Chicago', 'UTC'], ['Europe/Berlin']);
    expect(choices.map((choice) => choice.value)).toEqual([
      'UTC',
      'Africa/Abidjan',
      'America/Chicago',
      'Europe/Berlin',
    ]);
    expect(choices[0]!.label).toBe('UTC — Coordinated Universal Time');
    expect(choices[2]!.label).toMatch(/^America\/Chicago — Central Time \(UTC−0[56]:00\)$/);
  });

  it('finds zones by any words of their place or name, keeping the chosen one', () => {
    const choices = timeZoneChoices(['Africa/Abidjan', 'America/Chicago', 'America/New_York', 'Europe/Berlin']);
    expect(filterTimeZones(choices, 'central', 'UTC').map((c) => c.value)).toEqual([
      'UTC',
      'America/Chicago',
      'Europe/Berlin',
    ]);
    expect(filterTimeZones(choices, 'New york', 'America/Chicago').map((c) => c.value)).toEqual([
      'America/Chicago',
      'America/New_York',
    ]);
    expect(filterTimeZones(choices, '  ', 'UTC')).toHaveLength(5);
  });
});
