import { describe, expect, it } from 'vitest';
import { SlidingWindowLimit, TokenBucket } from './limits';

describe('socket limits', () => {
  it('allows exactly N events in any sliding window', () => {
    const limit = new SlidingWindowLimit(10, 10_000);
    for (let i = 0; i < 10; i += 1) expect(limit.take(1000 + i)).toBe(true);
    expect(limit.take(5000)).toBe(false);
    expect(limit.take(10_999)).toBe(false);
    expect(limit.take(11_000)).toBe(true);
    // The second event of the first burst (at 1,001) is still inside the window.
    expect(limit.take(11_000)).toBe(false);
    expect(limit.take(11_001)).toBe(true);
  });

  it('refills a token bucket over time', () => {
    const bucket = new TokenBucket(2, 1000, 0);
    expect(bucket.take(0)).toBe(true);
    expect(bucket.take(0)).toBe(true);
    expect(bucket.take(0)).toBe(false);
    expect(bucket.take(500)).toBe(true);
    expect(bucket.take(500)).toBe(false);
  });
});
