/**
 * How long to wait before the next reconnection attempt, for every client
 * that reconnects (the API's live listener, the web and desktop chat socket).
 * No zod here: the browser imports it (docs/decisions/015-zod-without-eval.md).
 */

/**
 * Exponential backoff with jitter: the ceiling doubles from `minMs` with each
 * attempt (the first is attempt 0) up to `maxMs`, and the delay is half the
 * ceiling plus up to half again, so that many clients do not retry in step.
 */
export function backoffDelay(
  attempt: number,
  minMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
