import { describe, expect, it } from 'vitest';
import { bearerToken, tokensMatch } from './admin-token';

describe('admin token', () => {
  it('reads the bearer token of an Authorization header', () => {
    expect(bearerToken('Bearer abc.DEF-123')).toBe('abc.DEF-123');
    expect(bearerToken('bearer   abc  ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken('')).toBeNull();
  });

  it('compares tokens exactly, whatever their lengths', () => {
    expect(tokensMatch('s3cret-token', 's3cret-token')).toBe(true);
    expect(tokensMatch('s3cret-token', 's3cret-tokeN')).toBe(false);
    expect(tokensMatch('s3cret', 's3cret-token')).toBe(false);
    expect(tokensMatch('', 's3cret-token')).toBe(false);
  });
});
