/**
 * Build step: renders every page of the route table to static HTML (with its
 * own head tags, JSON-LD and preloads for its code), writes the 404 page, the
 * Coming Soon pages of the company subdomains, sitemap.xml and robots.txt, and
 * precompresses the assets. Runs after both Vite builds, from scripts/build.ts
 * (`npm run build:web`), or alone: `tsx scripts/prerender.ts`.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { company } from '../shared/src/site/company';
import { notFoundRoute, siteRoutes, type SiteRoute } from '../shared/src/site/routes';
import { robotsTxt, sitemapXml } from '../shared/src/site/seo-files';
import { jsonLdScript, structuredDataFor } from '../shared/src/site/structured-data';
import { comingSoonPagePath, comingSoonSites, type ComingSoonSite } from '../shared/src/site/subdomains';
import {
  APP_DATA_MARKER,
  APP_HTML_MARKER,
  LIVE_TEMPLATES_DIR,
  liveTemplateFile,
} from '../api/src/modules/site/live-pages';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const webDir = path.resolve('dist/web');
const ssrEntry = path.resolve('dist/ssr/entry-server.js');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

interface RenderedPage {
  html: string;
  sources: string[];
  notFound: boolean;
}

interface ServerEntry {
  renderPage(path: string, data?: Record<string, unknown>): Promise<RenderedPage>;
  renderHead(route: SiteRoute): string;
  renderComingSoon(site: ComingSoonSite, mainSiteUrl: string): string;
  escapeHtml(value: string): string;
  PUBLIC_URL_TOKEN: string;
}

/** The id of the inert list of a page's modules, which web/src/main.tsx fetches once the page has painted. */
const PAGE_MODULES_ID = 'page-modules';
/** The chunk web/src/main.tsx imports to start the app (React, the router, the layout). */
const APP_START = 'src/app/start.tsx';

/**
 * The code a page needs to hydrate (the app's start and the page's routes, with what they import), as
 * module preloads inside an inert <template>: nothing is fetched while the page paints; the entry script
 * activates them then (docs/decisions/149-hydrate-after-first-paint-in-steps.md).
 */
function preloadTags(manifest: Record<string, ManifestChunk>, sources: string[]): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[APP_START]) throw new Error(`prerender: ${APP_START} is not in the Vite manifest`);
  [APP_START, ...sources].forEach(visit);
  const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join('');
  return `<template id="${PAGE_MODULES_ID}">${links}</template>`;
}

/**
 * The page is complete without JavaScript; the code that hydrates it must not
 * compete with the first paint on a slow link. Fetch it at low priority
 * (see docs/decisions/016-hydration-code-at-low-priority.md).
 */
function lowPriorityScripts(html: string): string {
  const result = html
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
  if (!result.includes('<script type="module" fetchpriority="low"')) {
    throw new Error('prerender: no module entry script found in index.html');
  }
  return result;
}

/**
 * The brand font (a woff2 the inlined stylesheet names) is fetched with the
 * page, not after the CSS is parsed, so text is set in it from the first
 * paint on a fast link and swaps without moving on a slow one (decision 092).
 */
function fontPreloads(html: string): string {
  const fonts = [...new Set([...html.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((match) => match[1]!))];
  if (fonts.length === 0) throw new Error('prerender: the stylesheet names no woff2 font to preload');
  const links = fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`);
  return html.replace(
    '<!--app-head-->',
    `${links.join('\n    ')}
    <!--app-head-->`,
  );
}

function pageFile(routePath: string): string {
  return routePath === '/' ? path.join(webDir, 'index.html') : path.join(webDir, routePath, 'index.html');
}

/**
 * Puts the stylesheet into the page itself: the first paint then needs one
 * request instead of two round trips (HTML, then CSS). The whole app's CSS is
 * about 6 KB compressed; see docs/decisions/011-first-paint-choices.md.
 */
async function inlineStylesheets(template: string, stylesheets: string[]): Promise<string> {
  const css = new Map<string, string>();
  for (const file of stylesheets) {
    const text = await readFile(path.join(webDir, file), 'utf8');
    if (/<\/style/i.test(text)) throw new Error(`prerender: ${file} cannot be inlined`);
    css.set(file, text);
  }
  const html = template.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g, (link, file: string) => {
    const text = css.get(file);
    if (text === undefined) return link;
    css.delete(file);
    return `<style>${text}</style>`;
  });
  if (css.size > 0) throw new Error(`prerender: no <link> for ${[...css.keys()].join(', ')} in index.html`);
  return html;
}

/**
 * A Coming Soon page: the site's stylesheet and static markup, and no
 * JavaScript at all (nothing to hydrate, no router to misread the host).
 */
function comingSoonDocument(entry: ServerEntry, site: ComingSoonSite, stylesheets: string[]): string {
  const title = entry.escapeHtml(`${site.title} — Coming Soon | ${company.name}`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
    '    <meta name="theme-color" content="#0b1f3a" />',
    '    <link rel="icon" href="/favicon.ico" sizes="32x32" />',
    '    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    '    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
    `    <title>${title}</title>`,
    `    <meta name="description" content="${entry.escapeHtml(site.description)}" />`,
    '    <meta name="robots" content="noindex" />',
    ...stylesheets.map((file) => `    <link rel="stylesheet" crossorigin href="/${file}" />`),
    '  </head>',
    `  <body>${entry.renderComingSoon(site, entry.PUBLIC_URL_TOKEN)}</body>`,
    '</html>',
    '',
  ].join('\n');
}

/** How many files are compressed at once: zlib works on libuv's thread pool (four threads), one file a thread. */
const COMPRESSING_AT_ONCE = 4;

async function compressAssets(dir: string): Promise<number> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    // HTML is compressed by the server after it fills in PUBLIC_URL.
    if (!/\.(js|mjs|css|svg|json|xml|txt|webmanifest)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`))
      continue;
    files.push(file);
  }
  // Brotli at quality 11 is most of this step's time: the files are compressed side by side, on every core.
  let count = 0;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const body = await readFile(file);
      if (body.length < 1024) continue;
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzipAsync(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: COMPRESSING_AT_ONCE }, worker));
  return count;
}

/** Writes the pages, the 404 page, the Coming Soon pages, sitemap.xml and robots.txt into dist/web. */
export async function prerender(): Promise<void> {
  if (!existsSync(ssrEntry)) throw new Error(`${ssrEntry} is missing: run the SSR build first`);
  const template = await readFile(path.join(webDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = (await import(pathToFileURL(ssrEntry).href)) as ServerEntry;

  // One stylesheet for the whole app (build.cssCodeSplit false in web/vite.config.ts): Vite lists it on its own.
  const stylesheets = [manifest['style.css']?.file].filter((file): file is string => Boolean(file));
  if (stylesheets.length === 0) throw new Error('prerender: the app has no stylesheet in the Vite manifest');
  const pageTemplate = fontPreloads(lowPriorityScripts(await inlineStylesheets(template, stylesheets)));

  const fill = (route: SiteRoute, page: RenderedPage) =>
    pageTemplate
      .replace(
        '<!--app-head-->',
        [
          entry.renderHead(route),
          ...structuredDataFor(route.path, entry.PUBLIC_URL_TOKEN).map(jsonLdScript),
          preloadTags(manifest, page.sources),
        ]
          .filter(Boolean)
          .join('\n    '),
      )
      .replace(APP_HTML_MARKER, () => page.html);

  /**
   * A live page's template (decision 090): the same page with the app's HTML
   * left to the server, which renders it from the current data on request and
   * adds that data after the root element.
   */
  const liveTemplate = (route: SiteRoute, page: RenderedPage) => {
    const rootElement = `<div id="root">${APP_HTML_MARKER}</div>`;
    const template = fill(route, { ...page, html: APP_HTML_MARKER });
    if (!template.includes(rootElement))
      throw new Error('prerender: index.html has no <div id="root"><!--app-html--></div>');
    return template.replace(rootElement, `${rootElement}${APP_DATA_MARKER}`);
  };

  const written: SiteRoute[] = [];
  let rootWritten = false;
  let live = 0;
  for (const route of siteRoutes) {
    const page = await entry.renderPage(route.path);
    if (page.notFound) {
      console.warn(`prerender: ${route.path} has no page in the router yet; it answers 404`);
      continue;
    }
    const file = pageFile(route.path);
    await mkdir(path.dirname(file), { recursive: true });
    // For a live page this is the fallback the server uses when it cannot render it (it fetches its data itself).
    await writeFile(file, fill(route, page));
    if (route.renderedWith) {
      const template = path.join(webDir, LIVE_TEMPLATES_DIR, liveTemplateFile(route.path));
      await mkdir(path.dirname(template), { recursive: true });
      await writeFile(template, liveTemplate(route, page));
      live += 1;
    }
    if (route.path === '/') rootWritten = true;
    written.push(route);
  }
  const missing = await entry.renderPage('/__prerender-404__');
  await writeFile(path.join(webDir, '404.html'), fill(notFoundRoute, missing));
  // The bare Vite template must never be served as a page.
  if (!rootWritten) await rm(path.join(webDir, 'index.html'));

  for (const site of comingSoonSites) {
    const file = path.join(webDir, comingSoonPagePath(site));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, comingSoonDocument(entry, site, stylesheets));
  }
  // Only pages this build has: a route without a page yet answers 404 and must not be listed.
  await writeFile(path.join(webDir, 'sitemap.xml'), sitemapXml(written, entry.PUBLIC_URL_TOKEN));
  await writeFile(path.join(webDir, 'robots.txt'), robotsTxt(entry.PUBLIC_URL_TOKEN));

  const compressed = await compressAssets(webDir);
  console.log(
    `prerender: ${written.length} pages (${live} of them live templates) + 404, ${comingSoonSites.length} Coming Soon pages, sitemap.xml, robots.txt; ${compressed} assets precompressed`,
  );
}

// `tsx scripts/prerender.ts`: run it (scripts/build.ts imports it instead).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await prerender();
