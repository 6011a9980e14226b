import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, recordFile, type BuildStep } from './build-cache';

/**
 * A build step over real files in a temporary folder: its build copies the
 * sources into out/bundle.txt and counts how often it ran.
 */
describe('buildIfChanged', () => {
  let root: string;
  let builds: number;
  let step: BuildStep;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'northstar-build-cache-'));
    await mkdir(path.join(root, 'src/nested'), { recursive: true });
    await writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
    await writeFile(path.join(root, 'src/nested/b.ts'), 'export const b = 2;\n');
    await writeFile(path.join(root, 'config.json'), '{}\n');
    builds = 0;
    step = {
      name: 'sample',
      inputs: ['src', 'config.json'],
      settings: { mode: 'production' },
      outputs: ['out/bundle.txt'],
      async build() {
        builds += 1;
        const sources = await Promise.all(
          ['src/a.ts', 'src/nested/b.ts'].map((file) => readFile(path.join(root, file), 'utf8')),
        );
        await mkdir(path.join(root, 'out'), { recursive: true });
        await writeFile(path.join(root, 'out/bundle.txt'), sources.join(''));
      },
    };
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('builds once, then skips while nothing changed', async () => {
    expect(await buildIfChanged(root, step)).toBe('built');
    expect(await buildIfChanged(root, step)).toBe('current');
    expect(builds).toBe(1);
    expect(JSON.parse(await readFile(recordFile(root, 'sample'), 'utf8'))).toMatchObject({
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('builds again when a source file changes, is added or removed, and never serves the old output', async () => {
    await buildIfChanged(root, step);
    await writeFile(path.join(root, 'src/a.ts'), 'export const a = 3;\n');
    expect(await buildIfChanged(root, step)).toBe('built');
    expect(await readFile(path.join(root, 'out/bundle.txt'), 'utf8')).toContain('a = 3');

    await writeFile(path.join(root, 'src/nested/c.ts'), 'export const c = 4;\n');
    expect(await buildIfChanged(root, step)).toBe('built');
    await rm(path.join(root, 'src/nested/c.ts'));
    expect(await buildIfChanged(root, step)).toBe('built');
    await writeFile(path.join(root, 'config.json'), '{"minify":false}\n');
    expect(await buildIfChanged(root, step)).toBe('built');
    expect(await buildIfChanged(root, step)).toBe('current');
    expect(builds).toBe(5);
  });

  it('ignores tests, installed packages and outputs inside the inputs', async () => {
    await buildIfChanged(root, step);
    await writeFile(path.join(root, 'src/a.test.ts'), 'it("works", () => {});\n');
    await mkdir(path.join(root, 'src/node_modules/x'), { recursive: true });
    await writeFile(path.join(root, 'src/node_modules/x/index.js'), '');
    await mkdir(path.join(root, 'src/dist'), { recursive: true });
    await writeFile(path.join(root, 'src/dist/out.js'), '');
    expect(await buildIfChanged(root, step)).toBe('current');
  });

  it('builds again when an output is missing, the settings change or --force is given', async () => {
    await buildIfChanged(root, step);
    await rm(path.join(root, 'out/bundle.txt'));
    expect(await buildIfChanged(root, step)).toBe('built');
    expect(await buildIfChanged(root, { ...step, settings: { mode: 'development' } })).toBe('built');
    expect(await buildIfChanged(root, step)).toBe('built');
    expect(await buildIfChanged(root, step, { force: true })).toBe('built');
    expect(builds).toBe(5);
  });

  it('leaves no record when a build fails, so the next run builds again', async () => {
    await buildIfChanged(root, step);
    await writeFile(path.join(root, 'src/a.ts'), 'syntax error');
    const failing = {
      ...step,
      build: async () => {
        throw new Error('bundler failed');
      },
    };
    await expect(buildIfChanged(root, failing)).rejects.toThrow('bundler failed');
    expect(existsSync(recordFile(root, 'sample'))).toBe(false);
    await writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
    expect(await buildIfChanged(root, step)).toBe('built');
  });

  it('refuses to record a build that did not leave its outputs', async () => {
    await expect(buildIfChanged(root, { ...step, build: async () => {} })).rejects.toThrow(
      'build sample: out/bundle.txt missing after the build',
    );
    expect(existsSync(recordFile(root, 'sample'))).toBe(false);
  });
});
