import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './products-endpoint';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['BR;q=0.5', 'br'],
    ['*', 'gzip'],
    ['identity', 'identity'],
    ['', 'identity'],
  ])('%j → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});
