import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogCacheFor } from '../api/src/modules/catalog/catalog-cache';
import { seedProducts } from '../api/src/modules/catalog/catalog.service';
import { siteRoutes } from '../shared/src/site/routes';
import { comingSoonSites } from '../shared/src/site/subdomains';
import { javaPath, vnuJar } from './support/java';
import { useSiteServer } from './support/server';

const server = useSiteServer();
const run = promisify(execFile);
let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The HTML the server sends for a path (on the main host, or another host name). */
function fetchHtml(urlPath: string, host?: string): Promise<{ status: number; body: string }> {
  const url = new URL(urlPath, server.url);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: host ? { Host: host } : {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/**
 * The W3C's Nu Html Checker on every page as the server sends it — the
 * prerendered pages, /shop and /pricing rendered on request from a seeded
 * catalogue and the plans, the 404 page and the Coming Soon pages — in one
 * run of vnu.jar. Errors fail the test; the checker's CSS parser does not know
 * some modern CSS the stylesheet uses (cascade layers, nesting, @property), so
 * messages about CSS are left out.
 */
// One Java run over every page: seconds on a quiet machine, a minute or more on a busy one.
describe('HTML validity (W3C Nu Html Checker)', { timeout: 180_000 }, () => {
  it('finds no errors in any page the server sends', async () => {
    await seedProducts(server.db);
    catalogCacheFor(server.db).invalidate();
    dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-vnu-'));

    const pages: { name: string; path: string; host?: string; status: number }[] = [
      ...siteRoutes.map((route) => ({ name: route.path, path: route.path, status: 200 })),
      { name: '404', path: '/no-such-page', status: 404 },
      ...comingSoonSites.map((site) => ({
        name: `coming-soon-${site.subdomain}`,
        path: '/',
        host: `${site.subdomain}.example.com`,
        status: 200,
      })),
    ];
    const files = new Map<string, string>();
    for (const page of pages) {
      const { status, body } = await fetchHtml(page.path, page.host);
      expect(status, page.name).toBe(page.status);
      expect(body, page.name).toMatch(/^<!doctype html>/i);
      const file = path.join(dir, `${page.name.replace(/[^a-z0-9-]+/gi, '_') || 'home'}.html`);
      await writeFile(file, body);
      files.set(`file:${file}`, page.name);
    }
    // A page with a known error, so a run that checked nothing cannot pass.
    const canary = path.join(dir, 'canary.html');
    await writeFile(
      canary,
      '<!doctype html><html lang="en"><head><title>x</title></head><body><p><div></p></body></html>',
    );
    files.set(`file:${canary}`, 'canary');

    let output = '';
    try {
      const result = await run(javaPath, ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', dir], {
        maxBuffer: 20 * 1024 * 1024,
      });
      output = result.stderr || result.stdout;
    } catch (error) {
      throw new Error(`vnu.jar did not run: ${(error as Error).message}`);
    }
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const problems = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .filter((message) => !message.message.startsWith('CSS:'))
      .map((message) => {
        const page = files.get(message.url ?? '') ?? message.url;
        return `${page}: ${message.message}${message.extract ? ` — ${message.extract.trim().slice(0, 120)}` : ''}`;
      });
    expect(problems.filter((problem) => problem.startsWith('canary:')).length).toBeGreaterThan(0);
    expect(problems.filter((problem) => !problem.startsWith('canary:'))).toEqual([]);
  });
});
