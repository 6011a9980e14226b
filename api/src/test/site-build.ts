import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadStaticFiles, type StaticFile } from '../modules/site/static-files';

/**
 * A miniature web build (path → content) in a temporary folder for one test
 * file, loaded the way the server loads dist/web: written before the first
 * test, removed after the last.
 */
export function useSiteBuild(
  build: Record<string, string>,
  publicUrl = 'https://www.example.com',
): { readonly files: Map<string, StaticFile> } {
  let webRoot: string | undefined;
  let files = new Map<string, StaticFile>();
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'northstar-site-'));
    for (const [file, body] of Object.entries(build)) {
      await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
      await writeFile(path.join(webRoot, file), body);
    }
    files = await loadStaticFiles(webRoot, publicUrl);
  });
  afterAll(async () => {
    if (webRoot) await rm(webRoot, { recursive: true, force: true });
  });
  return {
    get files() {
      return files;
    },
  };
}
