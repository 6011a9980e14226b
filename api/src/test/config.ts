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

const roomy: RateLimitRule = { limit: 100_000, windowMs: 60_000 };

/** Every rate limit raised out of reach, for tests that log in or check out many times. */
export const roomyRateLimits: Config['rateLimits'] = Object.fromEntries(
  Object.keys(parseEnv({}).rateLimits).map((name) => [name, roomy]),
) as Config['rateLimits'];
