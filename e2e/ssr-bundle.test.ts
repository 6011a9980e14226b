import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The production server renders /shop and /pricing with the SSR build (decision 090), and a production install
// holds only the server's own dependencies (decision 063): the SSR build must need no package from node_modules.
describe('the server-side rendering build', () => {
  let dir = '';
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('renders a live page from a folder with no node_modules anywhere above it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-ssr-'));
    await cp(path.resolve('dist/ssr'), path.join(dir, 'ssr'), { recursive: true });
    const entry = pathToFileURL(path.join(dir, 'ssr', 'entry-server.js')).href;
    const { renderPage } = (await import(entry)) as {
      renderPage(path: string, data?: Record<string, unknown>): Promise<{ html: string; notFound: boolean }>;
    };
    const { html, notFound } = await renderPage('/shop', { '/api/products': [] });
    expect(notFound).toBe(false);
    expect(html).toContain('Technology Procurement');
  });
});
