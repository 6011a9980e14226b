import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Each instance's in-memory copy of the sessions it served, with their user
 * (decision 172): a signed-in request is answered without a database round
 * trip, and nothing it holds outlives a change.
 *
 * - PostgreSQL announces every change that matters (migration
 *   20261126200100: a session's data, user or expiry, its end, any change to
 *   an account's row) on the live `sessions` channel; the copy is dropped as
 *   the notice arrives, on every instance.
 * - A copy is served only while this instance's live listener is connected:
 *   notices sent while it is down are lost, so then every request reads the
 *   database, and the whole cache is emptied when it reconnects.
 * - A read that raced with a change is not kept: each change moves an epoch,
 *   and a row read before the change (its epoch older) is used once and
 *   dropped instead of cached.
 * - This instance's own writes drop their copy at once, before their notice.
 * - Copies expire with their session, and at most MAX_ENTRIES are kept (the
 *   oldest filled are dropped first).
 */

export interface CachedSession {
  /** The session's data as stored (JSON text: each request gets its own parsed copy). */
  sessJson: string;
  /** The user's columns, camelCased, or null for a session without an account. */
  user: Record<string, unknown> | null;
  /** When the session expires (epoch ms). */
  expiresAt: number;
  /** When `last_seen_at` was last brought up to date by this instance (epoch ms). */
  seenAt: number;
}

const MAX_ENTRIES = 20_000;

/**
 * Hashes of session ids already computed by this process: every request of a
 * signed-in browser looks its session up by this hash, and a SHA-256 (a hash
 * object, a digest, its hex) was a few percent of such a request (issue 31).
 * The hash of an id never changes; bounded like the cache itself.
 */
const hashes = new Map<string, string>();

export function sessionIdHash(sid: string): string {
  let hash = hashes.get(sid);
  if (hash === undefined) {
    hash = createHash('sha256').update(sid, 'utf8').digest('hex');
    if (hashes.size >= MAX_ENTRIES) hashes.clear();
    hashes.set(sid, hash);
  }
  return hash;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { userId: string | null }>();
  private readonly sessionsOfUser = new Map<string, Set<string>>();
  private epoch = 0;
  private listening: () => boolean = () => false;

  /** Serve copies only while `isListening()` says the live listener is connected (never before this is called). */
  attach(isListening: () => boolean): void {
    this.listening = isListening;
  }

  get enabled(): boolean {
    return this.listening();
  }

  /** The copy of a session (by the hash of its id), if it may be served now. */
  get(sidHash: string, now = Date.now()): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(sidHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.remove(sidHash);
      return undefined;
    }
    return entry;
  }

  /** Call before reading a session from the database; pass the answer to fill(). */
  startRead(): number {
    return this.epoch;
  }

  /** Keeps a session read from the database, unless something changed since startRead() or the listener is down. */
  fill(sidHash: string, entry: CachedSession, readEpoch: number): void {
    if (readEpoch !== this.epoch || !this.enabled) return;
    this.remove(sidHash);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.remove(oldest.value);
    }
    const userId = typeof entry.user?.id === 'string' ? entry.user.id : null;
    this.entries.set(sidHash, { ...entry, userId });
    if (userId) {
      let sids = this.sessionsOfUser.get(userId);
      if (!sids) this.sessionsOfUser.set(userId, (sids = new Set()));
      sids.add(sidHash);
    }
  }

  /** This instance refreshed a session's last-seen time. */
  markSeen(sidHash: string, now = Date.now()): void {
    const entry = this.entries.get(sidHash);
    if (entry) entry.seenAt = now;
  }

  /** A session changed or ended. */
  dropSession(sidHash: string): void {
    this.epoch += 1;
    this.remove(sidHash);
  }

  /** An account's row changed: every session of it. */
  dropUser(userId: string): void {
    this.epoch += 1;
    for (const sidHash of this.sessionsOfUser.get(userId) ?? []) this.remove(sidHash);
  }

  /** Notices may have been lost (the listener reconnected). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.sessionsOfUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(sidHash: string): void {
    const entry = this.entries.get(sidHash);
    if (!entry) return;
    this.entries.delete(sidHash);
    if (entry.userId) {
      const sids = this.sessionsOfUser.get(entry.userId);
      sids?.delete(sidHash);
      if (sids?.size === 0) this.sessionsOfUser.delete(entry.userId);
    }
  }
}

const caches = new WeakMap<Knex, SessionCache>();

/** One cache per database connection (one per app): the session store fills it, the live bus empties it. */
export function sessionCacheFor(db: Knex): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}
