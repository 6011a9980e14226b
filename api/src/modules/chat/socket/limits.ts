/**
 * In-memory limits for one socket. A socket lives on one instance, so its
 * limits need no shared storage.
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
