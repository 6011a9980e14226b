import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

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
