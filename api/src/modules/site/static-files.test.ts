import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { setupTestApp } from '../../test/test-app';
import { loadStaticFiles, type StaticFile } from './static-files';

const t = setupTestApp();
let webRoot: string;
let files: Map<string, StaticFile>;

// A miniature build with source maps beside the assets, as `vite build` writes them.
const build: Record<string, string> = {
  'index.html': '<h1>Home page</h1>',
  '404.html': '<h1>Page Not Found</h1>',
  'assets/index-abc123.js': 'console.log("app")',
  'assets/index-abc123.js.map': '{"version":3,"sources":["../../web/src/main.tsx"],"mappings":"AAAA"}',
  'assets/index-abc123.css': 'body{color:#111}',
  'assets/index-abc123.css.map': '{"version":3,"sources":["../../web/src/styles.css"],"mappings":"AAAA"}',
};

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'northstar-static-'));
  for (const [file, body] of Object.entries(build)) {
    await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
    await writeFile(path.join(webRoot, file), body);
  }
  files = await loadStaticFiles(webRoot, 'https://www.example.com');
});

afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

const site = () => request(createApp(t.deps, { siteFiles: files }).callback());

describe('source maps', () => {
  it('are never served to visitors, while the assets they describe are', async () => {
    expect((await site().get('/assets/index-abc123.js')).status).toBe(200);
    expect((await site().get('/assets/index-abc123.css')).status).toBe(200);
    for (const map of ['/assets/index-abc123.js.map', '/assets/index-abc123.css.map']) {
      const res = await site().get(map);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('mappings');
    }
    expect([...files.keys()].filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});
