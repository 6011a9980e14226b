import { parseEnv, type Config } from '../config';

/** A configuration for tests: real defaults, a fixed secret, quiet logs unless LOG_LEVEL is set. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
  });
  return { ...parsed, sessionSecret: parsed.sessionSecret ?? '', ...overrides };
}
