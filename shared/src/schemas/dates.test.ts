import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate } from './dates';

describe('calendarDate', () => {
  const from = calendarDate('from');
  it.each(['2026-02-28', '2028-02-29', '1900-01-01', '9999-12-31'])('takes %s', (value) => {
    expect(from.parse(value)).toBe(value);
  });

  it.each([
    ['2026-02-30', 'from is not a real date'],
    ['2027-02-29', 'from is not a real date'],
    ['2026-04-31', 'from is not a real date'],
    ['2026-13-01', 'from is not a real date'],
    ['0000-01-01', 'from must be between 1900-01-01 and 9999-12-31'],
    ['1899-12-31', 'from must be between 1900-01-01 and 9999-12-31'],
    ['10000-01-01', 'from must be a date (YYYY-MM-DD)'],
    ['2026-2-1', 'from must be a date (YYYY-MM-DD)'],
    ['2026-02-01T00:00:00Z', 'from must be a date (YYYY-MM-DD)'],
  ])('refuses %s: %s', (value, message) => {
    const result = from.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('isCalendarDate needs the YYYY-MM-DD shape', () => {
    expect(isCalendarDate('+002026-01-01')).toBe(false);
    expect(isCalendarDate('2026-01-01')).toBe(true);
  });
});
