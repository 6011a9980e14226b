import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteRoutes } from '../shared/src/site/routes';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { catalogCacheFor } from '../api/src/modules/catalog/catalog-cache';
import { seedProducts } from '../api/src/modules/catalog/catalog.service';
import { buildUser } from '../api/src/test/factories';
import { addToCart, expectPath, hydrated, productCard, toast, visible } from './support/ui';

/**
 * What the public pages load to paint and hydrate: the scripts their built
 * HTML loads and preloads (the entry and the page's static imports), read
 * back to their source modules through the build's (unserved) source maps.
 * What waits for a visitor's action loads later (decisions 093 and 140): no
 * zod and the schemas built with it, no staff console, no chat socket.
 */
const dist = path.resolve('dist/web');
const notOnFirstPaint: [what: string, pattern: RegExp][] = [
  ['zod', /node_modules\/zod\//],
  ['a zod schema', /shared\/src\/schemas\//],
  ['the staff console', /web\/src\/(app\/console-layout|features\/(console|ticket-alerts|seeding|staff-chat))/],
  ['staff events', /web\/src\/lib\/live\/staff-events/],
  ['the chat socket', /web\/src\/lib\/live\/chat-socket/],
];

function firstPaintSources(pagePath: string): string[] {
  const file = path.join(dist, pagePath === '/' ? '' : pagePath.slice(1), 'index.html');
  const html = readFileSync(file, 'utf8');
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  expect(scripts.size).toBeGreaterThan(0);
  return [...scripts].flatMap((script) => {
    const map = path.join(dist, `${script}.map`);
    // A chunk of no source of ours (the bundler's runtime) has no map.
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
}

describe('first paint of the public pages', () => {
  it.each(siteRoutes.filter((route) => route.indexable).map((route) => route.path))(
    '%s loads only what it needs to paint',
    (pagePath) => {
      const sources = firstPaintSources(pagePath);
      expect(sources.some((source) => source.includes('web/src/main.tsx'))).toBe(true);
      const found = notOnFirstPaint
        .filter(([, pattern]) => sources.some((source) => pattern.test(source)))
        .map(([what]) => what);
      expect(found).toEqual([]);
    },
  );
});

/**
 * Decision 149: a page's code is fetched only once the page has painted, so on a slow link the first paint does
 * not share the bandwidth with it; then the page hydrates and works.
 */
/**
 * Clicks `button` the first moment React has taken it over — mid-hydration, before the page says it has
 * hydrated — from inside the page, so no round trip to the test lets the moment pass.
 */
function clickMidHydration(button: Locator): Promise<void> {
  return button.evaluate(
    (element: HTMLElement) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!Object.keys(element).some((key) => key.startsWith('__reactProps'))) return setTimeout(check, 0);
          element.click();
          resolve();
        };
        check();
      }),
  );
}

/** Holds the app's code back until `release` is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('loading the code after the first paint', () => {
  const server = useSiteServer();
  const browser = useBrowser();

  it('keeps the page’s module preloads inert in the HTML: the entry script is the only one fetched at once', () => {
    for (const route of siteRoutes.filter((r) => r.indexable)) {
      const file = path.join(dist, route.path === '/' ? '' : route.path.slice(1), 'index.html');
      const html = readFileSync(file, 'utf8');
      const inert = /<template id="page-modules">(.*?)<\/template>/.exec(html);
      expect(inert?.[1], route.path).toMatch(
        /^(<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js" \/>)+$/,
      );
      const active = html.replace(inert![0], '');
      expect(active, route.path).not.toContain('modulepreload');
      expect([...active.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)]).toHaveLength(1);
    }
  });

  it('fetches the page’s code after the first contentful paint, then hydrates', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    // Hydrated: the form's button has React's handlers.
    await hydrated(page.getByRole('button', { name: 'Send Message' }));
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
      return { paint, scripts };
    });
    expect(timing.paint).toBeGreaterThan(0);
    const entry = readFileSync(path.join(dist, 'contact', 'index.html'), 'utf8').match(
      /<script type="module"[^>]*src="([^"]+)"/,
    )![1];
    const later = timing.scripts.filter((script) => script.path !== entry);
    expect(later.length).toBeGreaterThan(3);
    for (const script of later) expect(script.start, script.path).toBeGreaterThanOrEqual(timing.paint);
  });

  it('keeps what a visitor typed and clicked before hydration, and plays it through the app (never a native submit)', async () => {
    const client = await buildUser(server.db, { firstName: 'Early' });
    const page = await browser.newPage();
    // Hold the app's code back until the visitor has acted.
    const release = await holdAppCode(page);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login') logins.push(request.method());
    });
    await page.goto(`${server.url}/login?next=%2Fportal`);
    await page.getByLabel('Username').fill(client.username);
    await page.getByLabel('Password').fill(client.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    // Not hydrated yet: nothing was sent, and the password never reached the address bar.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.url()).not.toContain(encodeURIComponent(client.password));
    expect(logins).toEqual([]);

    release();
    await expectPath(page, '/portal');
    expect(logins).toEqual(['POST']);
    await visible(page.getByRole('heading', { name: 'Welcome, Early', exact: false }));
  });

  it('counts a click once, whether it came before hydration (held, then played) or while React hydrates', async () => {
    await seedProducts(server.db);
    catalogCacheFor(server.db).invalidate();
    const page = await browser.newPage();
    const release = await holdAppCode(page);
    await page.goto(`${server.url}/shop`);
    // Before the app's code runs: held, and played once the page has hydrated.
    await addToCart(page, '2-Post Open-Frame Relay Rack, 45U');
    // And one while React hydrates.
    const switchButton = productCard(page, 'Cisco Catalyst 9200L 48-Port PoE+ Switch').getByRole('button', {
      name: /Add to Cart/,
    });
    const clicked = clickMidHydration(switchButton);
    release();
    await clicked;
    const cart = page.getByRole('banner').getByRole('button', { name: /^Open cart, \d+ items?$/ });
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Open cart, 2 items');
    // Nothing more arrives later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await cart.getAttribute('aria-label')).toBe('Open cart, 2 items');
  });

  it('lets the browser’s own checks refuse an incomplete form at once, before hydration', async () => {
    const page = await browser.newPage();
    const release = await holdAppCode(page);
    await page.goto(`${server.url}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByLabel('Full Name').evaluate((el) => el === document.activeElement)).toBe(true);
    release();
    await hydrated(page.getByRole('button', { name: 'Send Message' }));
  });

  it('sends what was typed before hydration when the form is submitted while React hydrates', async () => {
    const page = await browser.newPage();
    const release = await holdAppCode(page);
    await page.goto(`${server.url}/contact`);
    await page.getByLabel('Full Name').fill('Frances Allen');
    await page.getByLabel('Email Address').fill('frances.allen@example.com');
    await page.getByLabel('Service Interested In').selectOption('Cybersecurity Solutions');
    await page.getByLabel('Message').fill('An assessment of our compiler farm’s network, please.');
    const clicked = clickMidHydration(page.getByRole('button', { name: 'Send Message' }));
    release();
    await clicked;
    await visible(toast(page, 'Message Sent!'));
    const rows = await server.db('enquiries').where({ email: 'frances.allen@example.com' });
    expect(rows.map((row: { name: string; message: string }) => [row.name, row.message])).toEqual([
      ['Frances Allen', 'An assessment of our compiler farm’s network, please.'],
    ]);
  });

  it('keeps the visitor where they scrolled before hydration, and a new page still starts at the top', async () => {
    const page = await browser.newPage();
    const release = await holdAppCode(page);
    await page.goto(`${server.url}/services`);
    const link = page.getByRole('link', { name: 'Request Service: Low Voltage Cabling' });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    release();
    await hydrated(link);
    // React runs the page's effects as hydration commits, right after its handlers are attached.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // Following a link through the app: the next page opens at its top.
    await link.click();
    await expectPath(page, `/contact?service=${encodeURIComponent('Low Voltage Cabling')}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
