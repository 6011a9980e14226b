/**
 * In-memory limits: for one socket, and on how many sockets one client holds.
 * A socket lives on one instance, so its limits need no shared storage; the
 * caps protect this instance's memory, so they count on this instance
 * (decision 078).
 */

/** Exactly `limit` events in any `windowMs` (a sliding log of the last `limit` times). */
export class SlidingWindowLimit {
  private readonly times: number[] = [];
  private next = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(now = Date.now()): boolean {
    if (this.times.length < this.limit) {
      this.times.push(now);
      return true;
    }
    // The oldest of the last `limit` events sits at `next`.
    if (now - this.times[this.next]! < this.windowMs) return false;
    this.times[this.next] = now;
    this.next = (this.next + 1) % this.limit;
    return true;
  }
}

/** Up to `capacity` at once, refilling at capacity per `windowMs`: cheap enough for every frame. */
export class TokenBucket {
  private tokens: number;
  private updated: number;

  constructor(
    private readonly capacity: number,
    private readonly windowMs: number,
    now = Date.now(),
  ) {
    this.tokens = capacity;
    this.updated = now;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updated) * this.capacity) / this.windowMs);
    this.updated = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** How many sockets each key (a session id, an address) holds open; never more than `max`. */
class SocketCounter {
  private readonly counts = new Map<string, number>();

  constructor(readonly max: number) {}

  isFull(key: string): boolean {
    return (this.counts.get(key) ?? 0) >= this.max;
  }

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  remove(key: string): void {
    const count = this.counts.get(key) ?? 0;
    if (count <= 1) this.counts.delete(key);
    else this.counts.set(key, count - 1);
  }
}

export type SocketAdmission = { ok: true; release(): void } | { ok: false; reason: string };

/** The caps on chat sockets per session and per client address, on this instance. */
export class SocketCaps {
  private readonly sessions: SocketCounter;
  private readonly addresses: SocketCounter;

  constructor(limits: { perSession: number; perIp: number }) {
    this.sessions = new SocketCounter(limits.perSession);
    this.addresses = new SocketCounter(limits.perIp);
  }

  /** Why a socket from this address is refused whatever its session (it is at its cap), or null. */
  addressRefusal(ip: string): string | null {
    if (!this.addresses.isFull(ip)) return null;
    return `Too many chat connections from this network address (at most ${this.addresses.max})`;
  }

  /** Takes a place for one socket (give it back with `release`, once), or says why there is none. */
  admit(sessionId: string, ip: string): SocketAdmission {
    if (this.sessions.isFull(sessionId)) {
      return { ok: false, reason: `Too many chat connections for this session (at most ${this.sessions.max})` };
    }
    const refusal = this.addressRefusal(ip);
    if (refusal) return { ok: false, reason: refusal };
    this.sessions.add(sessionId);
    this.addresses.add(ip);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.sessions.remove(sessionId);
        this.addresses.remove(ip);
      },
    };
  }
}
