import { describe, expect, it } from 'vitest';
import { addInterval } from './billing-periods';

const utc = (iso: string) => new Date(`${iso}Z`);

describe('billing periods', () => {
  it('ends on the same day and time of the next month or year', () => {
    expect(addInterval(utc('2026-11-21T15:30:00.000'), 'month')).toEqual(utc('2026-12-21T15:30:00.000'));
    expect(addInterval(utc('2026-12-21T15:30:00.000'), 'month')).toEqual(utc('2027-01-21T15:30:00.000'));
    expect(addInterval(utc('2026-11-21T15:30:00.000'), 'year')).toEqual(utc('2027-11-21T15:30:00.000'));
  });

  it('ends on the last day of a shorter month', () => {
    expect(addInterval(utc('2027-01-31T08:00:00.000'), 'month')).toEqual(utc('2027-02-28T08:00:00.000'));
    expect(addInterval(utc('2028-01-31T08:00:00.000'), 'month')).toEqual(utc('2028-02-29T08:00:00.000'));
    expect(addInterval(utc('2028-02-29T08:00:00.000'), 'year')).toEqual(utc('2029-02-28T08:00:00.000'));
  });

  it('counts several periods from the start, not from the previous end', () => {
    expect(addInterval(utc('2027-01-31T00:00:00.000'), 'month', 2)).toEqual(utc('2027-03-31T00:00:00.000'));
    expect(addInterval(utc('2026-11-21T00:00:00.000'), 'month', 14)).toEqual(utc('2028-01-21T00:00:00.000'));
  });
});
