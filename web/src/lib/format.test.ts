import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('writes the month out, US style', () => {
    expect(formatDate('2026-11-21T12:00:00.000Z')).toBe('November 21, 2026');
    expect(formatDate('2026-01-05')).toMatch(/^January [45], 2026$/); // a date alone is midnight UTC
  });

  it('says N/A for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('next Tuesday')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('is the console’s one date-and-time format: short month, day, year, hour and minutes', () => {
    expect(formatDateTime('2026-11-21T17:42:10.000Z')).toMatch(/^Nov 2[12], 2026, \d{1,2}:42\s[AP]M$/);
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('soon')).toBe('N/A');
  });
});
