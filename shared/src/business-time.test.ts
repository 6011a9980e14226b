import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, businessMinutesBetween, isOpenAt, nextOpening, openingsOn } from './business-time';
import { businessHoursSchema, DEFAULT_BUSINESS_HOURS, type BusinessHours } from './schemas/support';

// Hand-computed cases in Central time: CST is UTC−6, CDT (8 Mar – 1 Nov 2026) is UTC−5.
// 2026-11-26 is a Thursday.
const at = (iso: string) => Date.parse(iso);
const hours = DEFAULT_BUSINESS_HOURS;
const withHoliday: BusinessHours = { ...hours, holidays: [{ date: '2026-11-30', name: 'Staff day' }] };

describe('business hours', () => {
  it('is open inside the hours and closed at closing time', () => {
    expect(isOpenAt(hours, at('2026-11-26T15:00:00Z'))).toBe(true); // Thu 09:00 CST
    expect(isOpenAt(hours, at('2026-11-26T23:59:00Z'))).toBe(true); // Thu 17:59 CST
    expect(isOpenAt(hours, at('2026-11-27T00:00:00Z'))).toBe(false); // Thu 18:00 CST
    expect(isOpenAt(hours, at('2026-11-29T17:00:00Z'))).toBe(false); // Sunday 11:00 CST
    expect(isOpenAt(withHoliday, at('2026-11-30T16:00:00Z'))).toBe(false); // Monday, a holiday
  });

  it('finds the next opening across the evening, the weekend and a holiday', () => {
    expect(nextOpening(hours, at('2026-11-27T00:30:00Z'))).toBe(at('2026-11-27T14:00:00Z')); // Thu 18:30 → Fri 08:00
    expect(nextOpening(hours, at('2026-11-28T20:30:00Z'))).toBe(at('2026-11-30T14:00:00Z')); // Sat 14:30 → Mon 08:00
    expect(nextOpening(withHoliday, at('2026-11-28T20:30:00Z'))).toBe(at('2026-12-01T14:00:00Z')); // → Tue 08:00
    expect(nextOpening(hours, at('2026-11-26T15:00:00Z'))).toBe(at('2026-11-26T15:00:00Z')); // open now
  });

  it('adds business minutes over closing time and a clock change', () => {
    // Fri 17:00 CST + 120 min: 60 on Friday, then Saturday from 09:00 → Sat 10:00 CST.
    expect(addBusinessMinutes(hours, at('2026-11-27T23:00:00Z'), 120)).toBe(at('2026-11-28T16:00:00Z'));
    // A ticket opened on Sunday starts its clock on Monday at 08:00.
    expect(addBusinessMinutes(hours, at('2026-11-29T17:00:00Z'), 30)).toBe(at('2026-11-30T14:30:00Z'));
    // Sat 31 Oct 13:00 CDT + 120: 60 until 14:00 CDT, then Mon 2 Nov (CST) 08:00 + 60 = 09:00 CST.
    expect(addBusinessMinutes(hours, at('2026-10-31T18:00:00Z'), 120)).toBe(at('2026-11-02T15:00:00Z'));
  });

  it('counts business minutes between two instants', () => {
    expect(businessMinutesBetween(hours, at('2026-10-31T18:00:00Z'), at('2026-11-02T15:00:00Z'))).toBe(120);
    expect(businessMinutesBetween(hours, at('2026-11-27T00:00:00Z'), at('2026-11-27T14:00:00Z'))).toBe(0);
    // A whole week: 5 × 600 + 300 minutes.
    expect(businessMinutesBetween(hours, at('2026-11-23T06:00:00Z'), at('2026-11-30T06:00:00Z'))).toBe(3300);
    expect(businessMinutesBetween(hours, at('2026-11-27T00:00:00Z'), at('2026-11-26T00:00:00Z'))).toBe(0);
  });

  it('opens at the first instant after a wall time the clocks skipped', () => {
    const night: BusinessHours = { ...hours, weekly: [{ day: 'sunday', opens: '02:00', closes: '04:00' }] };
    // Sunday 8 March 2026: 02:00 CST does not exist; 03:00 CDT is 08:00Z, 04:00 CDT is 09:00Z.
    expect(openingsOn(night, '2026-03-08')).toEqual([
      { start: at('2026-03-08T08:00:00Z'), end: at('2026-03-08T09:00:00Z'), date: '2026-03-08' },
    ]);
  });

  it('answers null instead of looping when the team never opens', () => {
    const never: BusinessHours = { ...hours, weekly: [] };
    expect(isOpenAt(never, at('2026-11-26T15:00:00Z'))).toBe(false);
    expect(nextOpening(never, at('2026-11-26T15:00:00Z'))).toBeNull();
    expect(addBusinessMinutes(never, at('2026-11-26T15:00:00Z'), 1)).toBeNull();
  });

  it('refuses overlapping openings, unknown zones and impossible holidays', () => {
    expect(businessHoursSchema.safeParse(hours).success).toBe(true);
    const bad = (change: Partial<BusinessHours>) => businessHoursSchema.safeParse({ ...hours, ...change }).success;
    expect(bad({ timeZone: 'Mars/Olympus' })).toBe(false);
    expect(
      bad({
        weekly: [
          { day: 'monday', opens: '08:00', closes: '12:00' },
          { day: 'monday', opens: '11:00', closes: '13:00' },
        ],
      }),
    ).toBe(false);
    expect(bad({ weekly: [{ day: 'monday', opens: '18:00', closes: '08:00' }] })).toBe(false);
    expect(bad({ holidays: [{ date: '2026-02-30', name: 'No such day' }] })).toBe(false);
  });
});
