import { describe, expect, it } from 'vitest';
import { storedInstant, toIso } from './instants';

describe('toIso: a stored instant as the API writes it', () => {
  it('writes a Date or timestamp text as ISO 8601 in UTC', () => {
    expect(toIso(new Date('2026-11-26T10:00:00.123Z'))).toBe('2026-11-26T10:00:00.123Z');
    expect(toIso('2026-11-26 11:00:00.5+01')).toBe('2026-11-26T10:00:00.500Z');
  });

  it('keeps no instant as null', () => {
    expect(toIso(null)).toBeNull();
    expect(toIso(undefined)).toBeNull();
  });

  it("reads PostgreSQL's years past 9999 instead of throwing", () => {
    expect(toIso('10000-01-01T00:00:00+00:00')).toBe('+010000-01-01T00:00:00.000Z');
    expect(storedInstant('10000-01-01T00:00:00+00:00').getUTCFullYear()).toBe(10000);
  });
});
