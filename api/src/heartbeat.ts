/**
 * A background loop's sign of life: it beats on every pass, and /healthz
 * reports how long ago that was (decision 174). A loop that has ended says so
 * (stopped) instead of merely ageing.
 */
export interface Heartbeat {
  beat(): void;
  /** The loop has ended (a shutdown, or an error that ended it). */
  stop(): void;
  /** Milliseconds since the last beat, or since the heartbeat was made when it never beat. */
  ageMs(): number;
  stopped(): boolean;
}

export function createHeartbeat(clock: () => number = Date.now): Heartbeat {
  let last = clock();
  let ended = false;
  return {
    beat() {
      last = clock();
    },
    stop() {
      ended = true;
    },
    ageMs: () => clock() - last,
    stopped: () => ended,
  };
}
