import { describe, expect, it } from 'vitest';
import { compactDiff, formatValue } from './audit-diff';

describe('compactDiff', () => {
  it('lists only the keys whose values differ, with both sides', () => {
    expect(compactDiff({ price: '10.00', name: 'Router' }, { price: '12.50', name: 'Router' })).toEqual([
      { key: 'price', before: '10.00', after: '12.50' },
    ]);
  });

  it('shows every field of a created record, with no before', () => {
    expect(compactDiff(null, { name: 'Router', inStock: true })).toEqual([
      { key: 'name', before: undefined, after: 'Router' },
      { key: 'inStock', before: undefined, after: true },
    ]);
  });

  it('compares nested values by content, and treats non-objects as one value', () => {
    expect(compactDiff({ items: [{ id: 1 }] }, { items: [{ id: 1 }] })).toEqual([]);
    expect(compactDiff('a', 'b')).toEqual([{ key: 'value', before: 'a', after: 'b' }]);
    expect(compactDiff(null, null)).toEqual([]);
  });
});

describe('formatValue', () => {
  it('writes text as it is, empties as a dash, and the rest as JSON, cut to a line', () => {
    expect(formatValue('12.50')).toBe('12.50');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(false)).toBe('false');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(formatValue(undefined)).toBe('');
  });
});
