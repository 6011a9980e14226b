/** How a mail that could not be delivered is tried again. */
export interface RetryPolicy {
  /** Wait before the second attempt; each later wait doubles. */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** After this many attempts a mail is failed for good. */
  maxAttempts: number;
}

/**
 * 15 s, 30 s, 1 min, … doubling up to an hour between attempts, 20 attempts:
 * about 12 hours of trying before a mail is given up on.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 15_000,
  maxDelayMs: 60 * 60 * 1000,
  maxAttempts: 20,
};

/**
 * The wait after the `attempt`-th failed attempt (1 = the first), with ±20 %
 * jitter so mails that failed together (an outage) do not all return at once.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const delay = Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
  return Math.round(delay * (0.8 + 0.4 * random()));
}
