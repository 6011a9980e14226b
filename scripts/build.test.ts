import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);

/**
 * A build is the same whatever NODE_ENV says while building: the server-rendering bundle built by
 * scripts/build.ts under NODE_ENV=development renders pages in a production server (it used to call React's
 * development-only jsxDEV, which a production process does not have, and die at start).
 */
describe('scripts/build.ts', () => {
  let outDir: string | undefined;
  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('builds for production under NODE_ENV=development', { timeout: 180_000 }, async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'northstar-ssr-build-'));
    await exec(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { viteBuildWeb } = await import('./scripts/build.ts'); await viteBuildWeb('ssr', ${JSON.stringify(outDir)});`,
      ],
      { env: { ...process.env, NODE_ENV: 'development' } },
    );
    const entry = path.join(outDir, 'entry-server.js');
    const { stdout } = await exec(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const entry = await import(${JSON.stringify(entry)}); const page = await entry.renderPage('/about'); process.stdout.write(page.html);`,
      ],
      { env: { ...process.env, NODE_ENV: 'production' } },
    );
    expect(stdout).toContain('<h1');
    expect(stdout).toMatch(/About/);
  });
});
