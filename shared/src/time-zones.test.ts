import { describe, expect, it } from 'vitest';
import { formatInZone, zonedTimeToInstant } from './time-zones';

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
      /^Tuesday, December 1, 2026 at 2:30\s?PM \(America\/Chicago\)$/,
    );
  });
});
