import { describe, expect, it } from 'vitest';
import { formatClockTime, isOpenAt, openingHoursLines } from './business-hours';
import { company } from './company';

describe('business hours (spec §9)', () => {
  it('lists the hours as the spec states them', () => {
    expect(openingHoursLines(company.hours)).toEqual([
      { label: 'Monday – Friday', value: '8:00 AM – 6:00 PM' },
      { label: 'Saturday', value: '9:00 AM – 2:00 PM' },
      { label: 'Sunday', value: 'Closed' },
    ]);
    expect(company.hours.note).toBe('24/7 emergency support for enterprise clients');
  });

  it('formats 24-hour times for people', () => {
    expect(formatClockTime('00:00')).toBe('12:00 AM');
    expect(formatClockTime('12:30')).toBe('12:30 PM');
    expect(formatClockTime('18:00')).toBe('6:00 PM');
  });

  it.each([
    // Minneapolis is UTC-6 in November (CST).
    ['2026-11-23T13:59:00Z', false], // Monday 7:59 AM
    ['2026-11-23T14:00:00Z', true], // Monday 8:00 AM
    ['2026-11-23T23:59:00Z', true], // Monday 5:59 PM
    ['2026-11-24T00:00:00Z', false], // Monday 6:00 PM
    ['2026-11-21T15:30:00Z', true], // Saturday 9:30 AM
    ['2026-11-21T20:00:00Z', false], // Saturday 2:00 PM
    ['2026-11-22T18:00:00Z', false], // Sunday noon
    ['2026-07-06T13:30:00Z', true], // Monday 8:30 AM CDT (UTC-5)
  ])('at %s the office is open: %s', (instant, open) => {
    expect(isOpenAt(company.hours, new Date(instant))).toBe(open);
  });
});
