import { describe, expect, it } from 'vitest';
import { SessionCache, sessionIdHash, type CachedSession } from './session-cache';

const entry = (userId: string | null, expiresAt = Date.now() + 60_000): CachedSession => ({
  sessJson: JSON.stringify({ userId }),
  user: userId ? { id: userId, username: 'ada' } : null,
  expiresAt,
  seenAt: Date.now(),
});

function listeningCache() {
  const state = { listening: true };
  const cache = new SessionCache();
  cache.attach(() => state.listening);
  return { cache, state };
}

describe('SessionCache (decision 172)', () => {
  it('serves nothing until attached to a connected listener, nor while it is down', () => {
    const cache = new SessionCache();
    cache.fill('a', entry('u1'), cache.startRead());
    expect(cache.get('a')).toBeUndefined();

    const { cache: attached, state } = listeningCache();
    attached.fill('a', entry('u1'), attached.startRead());
    expect(attached.get('a')).toBeDefined();
    state.listening = false;
    expect(attached.get('a')).toBeUndefined();
    attached.fill('b', entry('u2'), attached.startRead());
    state.listening = true;
    expect(attached.get('b')).toBeUndefined();
  });

  it('does not keep a read that raced with a change', () => {
    const { cache } = listeningCache();
    const epoch = cache.startRead();
    cache.dropSession('other'); // any change while the row was being read
    cache.fill('a', entry('u1'), epoch);
    expect(cache.get('a')).toBeUndefined();
    cache.fill('a', entry('u1'), cache.startRead());
    expect(cache.get('a')).toBeDefined();
  });

  it('drops one session, every session of an account, or everything', () => {
    const { cache } = listeningCache();
    for (const [sid, user] of [
      ['a', 'u1'],
      ['b', 'u1'],
      ['c', 'u2'],
      ['d', null],
    ] as const) {
      cache.fill(sid, entry(user), cache.startRead());
    }
    cache.dropSession('c');
    expect(cache.get('c')).toBeUndefined();
    cache.dropUser('u1');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
    expect(cache.get('d')).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its expiry', () => {
    const { cache } = listeningCache();
    // One instant for the whole test: two readings of the clock a millisecond apart would make it depend on speed.
    const now = Date.now();
    cache.fill('a', entry('u1', now + 1_000), cache.startRead());
    expect(cache.get('a', now + 999)).toBeDefined();
    expect(cache.get('a', now + 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('names sessions by the same hash PostgreSQL sends', () => {
    // encode(sha256(convert_to('abc', 'UTF8')), 'hex')
    expect(sessionIdHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
