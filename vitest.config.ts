import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve('shared/src'),
  '@': path.resolve('web/src'),
};

/**
 * One runner, three projects:
 *  unit — pure functions (shared, web, desktop main logic);
 *  api  — the Koa app and services against real PostgreSQL, one database per file;
 *  e2e  — the built site in Debian's Chromium (playwright-core) against a real server.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: one on a two-core CI machine. The test files mostly wait on
    // PostgreSQL, Chromium and sockets, so two at a time use the two cores and keep CI well under 20 minutes.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'api/src/**/*.unit.test.ts',
            'desktop/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['api/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['api/**/*.test.ts', 'migrations/**/*.test.ts'],
          exclude: ['api/src/**/*.unit.test.ts'],
          globalSetup: ['api/src/test/global-setup.ts'],
          setupFiles: ['api/src/test/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts', 'api/src/test/global-setup.ts'],
          setupFiles: ['api/src/test/setup.ts'],
          testTimeout: 60_000,
          // A page changes when the browser gets to it: on a busy machine seconds after the action (the code loads
          // after the first paint, decision 149). Polls wait as long as Playwright's own waits (15 s), not 1 s.
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
