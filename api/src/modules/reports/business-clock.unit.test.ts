import { describe, expect, it } from 'vitest';
import { businessMinutesBetween } from '@shared/business-time';
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from '@shared/schemas/support';
import { businessClock, type BusinessClock } from './business-clock';

/*
 * The business clock the reports' SQL searches (decision 194), evaluated here with the very formula the query uses
 * (width_bucket, then least(offsets[i] + t, ends[i])), against businessMinutesBetween on hand-picked instants:
 * nights, weekends, a holiday, the change to and from daylight saving time in Central time.
 */

/** PostgreSQL's width_bucket(t, starts): how many starts are at or before t (0: before the first). */
function widthBucket(t: number, starts: number[]): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= t) low = mid + 1;
    else high = mid;
  }
  return low;
}

function businessMs(clock: BusinessClock, t: number): number {
  const i = widthBucket(t, clock.starts);
  return i === 0 ? 0 : Math.min(clock.offsets[i - 1]! + t, clock.ends[i - 1]!);
}

const hours: BusinessHours = {
  ...DEFAULT_BUSINESS_HOURS,
  holidays: [{ date: '2025-11-27', name: 'Thanksgiving' }],
};

describe('the business clock of a report', () => {
  const clock = businessClock(hours, '2025-03-01', '2025-12-31');
  const at = (iso: string) => Date.parse(iso);
  const cases: [string, string][] = [
    ['2025-03-07T20:00:00Z', '2025-03-10T15:30:00Z'], // Friday afternoon CST to Monday morning CDT (clocks change)
    ['2025-03-08T16:00:00Z', '2025-03-08T18:30:00Z'], // a Saturday's short opening
    ['2025-03-09T12:00:00Z', '2025-03-09T20:00:00Z'], // Sunday, closed: none
    ['2025-11-26T22:00:00Z', '2025-11-28T15:00:00Z'], // across Thanksgiving, a holiday
    ['2025-10-31T13:00:00Z', '2025-11-03T14:10:00Z'], // across the change back to standard time
    ['2025-06-02T03:00:00Z', '2025-06-02T13:00:00Z'], // opened at night, answered at the opening (8:00 CDT)
    ['2025-06-02T13:00:00Z', '2025-06-02T13:00:59Z'], // under a minute
    ['2025-04-01T14:00:00Z', '2025-09-30T22:00:00Z'], // half a year
  ];
  it.each(cases)('counts the same whole business minutes as businessMinutesBetween from %s to %s', (from, to) => {
    const expected = businessMinutesBetween(hours, at(from), at(to));
    expect(Math.floor((businessMs(clock, at(to)) - businessMs(clock, at(from))) / 60_000)).toBe(expected);
  });

  it('counts by hand: Friday 14:00 CST to Monday 10:30 CDT is 4 h Friday, 5 h Saturday and 2 h 30 min Monday', () => {
    expect(
      Math.floor(
        (businessMs(clock, at('2025-03-10T15:30:00Z')) - businessMs(clock, at('2025-03-07T20:00:00Z'))) / 60_000,
      ),
    ).toBe(4 * 60 + 5 * 60 + 150);
  });

  it('is shared by reports over the same days, and laid out anew when the hours change', () => {
    expect(businessClock(hours, '2025-03-01', '2025-12-31')).toBe(clock);
    expect(businessClock(DEFAULT_BUSINESS_HOURS, '2025-03-01', '2025-12-31')).not.toBe(clock);
  });
});
