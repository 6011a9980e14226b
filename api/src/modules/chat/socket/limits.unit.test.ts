import { describe, expect, it } from 'vitest';
import { SlidingWindowLimit, SocketCaps, TokenBucket } from './limits';

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

  it('caps sockets per session and per address, and gives places back once', () => {
    const caps = new SocketCaps({ perSession: 2, perIp: 3 });
    const first = caps.admit('session-a', '203.0.113.1');
    const second = caps.admit('session-a', '203.0.113.1');
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(caps.admit('session-a', '198.51.100.7')).toEqual({
      ok: false,
      reason: 'Too many chat connections for this session (at most 2)',
    });
    expect(caps.admit('session-b', '203.0.113.1').ok).toBe(true);
    expect(caps.addressRefusal('203.0.113.1')).toBe('Too many chat connections from this network address (at most 3)');
    expect(caps.addressRefusal('198.51.100.7')).toBeNull();
    expect(caps.admit('session-c', '203.0.113.1')).toEqual({
      ok: false,
      reason: 'Too many chat connections from this network address (at most 3)',
    });
    if (!first.ok) throw new Error('unreachable');
    first.release();
    first.release();
    expect(caps.addressRefusal('203.0.113.1')).toBeNull();
    expect(caps.admit('session-a', '203.0.113.1').ok).toBe(true);
    // Released twice, counted once: the address is full again.
    expect(caps.admit('session-d', '203.0.113.1').ok).toBe(false);
  });
});
