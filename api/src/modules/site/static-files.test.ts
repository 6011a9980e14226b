import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { useSiteBuild } from '../../test/site-build';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp();

// A miniature build with source maps beside the assets, as `vite build` writes them.
const build: Record<string, string> = {
  'index.html': '<h1>Home page</h1>',
  '404.html': '<h1>Page Not Found</h1>',
  'assets/index-abc123.js': 'console.log("app")',
  'assets/index-abc123.js.map': '{"version":3,"sources":["../../web/src/main.tsx"],"mappings":"AAAA"}',
  'assets/index-abc123.css': 'body{color:#111}',
  'assets/index-abc123.css.map': '{"version":3,"sources":["../../web/src/styles.css"],"mappings":"AAAA"}',
};

const siteBuild = useSiteBuild(build);

const site = () => request(createApp(t.deps, { siteFiles: siteBuild.files }).callback());

describe('source maps', () => {
  it('are never served to visitors, while the assets they describe are', async () => {
    expect((await site().get('/assets/index-abc123.js')).status).toBe(200);
    expect((await site().get('/assets/index-abc123.css')).status).toBe(200);
    for (const map of ['/assets/index-abc123.js.map', '/assets/index-abc123.css.map']) {
      const res = await site().get(map);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('mappings');
    }
    expect([...siteBuild.files.keys()].filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});
