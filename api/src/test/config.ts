import { parseEnv, type Config, type RateLimitRule } from '../config';

export type TestConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & {
  /** Only the limits a test cares about; the others keep their real values. */
  rateLimits?: Partial<Config['rateLimits']>;
};

/** A configuration for tests: real defaults, a fixed secret, quiet logs unless LOG_LEVEL is set. */
export function testConfig(overrides: TestConfigOverrides = {}): Config {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
  });
  const { rateLimits, ...rest } = overrides;
  return {
    ...parsed,
    sessionSecret: parsed.sessionSecret ?? '',
    ...rest,
    rateLimits: { ...parsed.rateLimits, ...rateLimits },
  };
}

/**
 * A fixed rate-limit window no test run crosses. Windows are aligned to the epoch, so a test that counts up to a
 * limit in a one-minute window fails whenever its requests straddle a minute boundary (a few percent of runs on a
 * busy machine); 2^40 ms windows end in 2004 and 2039.
 */
const UNENDING_WINDOW_MS = 2 ** 40;

/** A limit a test counts up to, in a window that does not end while the test runs. */
export function limitInOneWindow(limit: number): RateLimitRule {
  return { limit, windowMs: UNENDING_WINDOW_MS };
}

const roomy: RateLimitRule = limitInOneWindow(100_000);

/** Every rate limit raised out of reach, for tests that log in or check out many times. */
export const roomyRateLimits: Config['rateLimits'] = Object.fromEntries(
  Object.keys(parseEnv({}).rateLimits).map((name) => [name, roomy]),
) as Config['rateLimits'];
