import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_DATA_ELEMENT_ID, siteRoutes, type PublicDataPath, type SiteRoute } from '@shared/site/routes';
import type { Logger } from '../../logger';
import type { Snapshot } from '../../snapshot-cache';
import type { PublicDataSources } from './public-data';
import { htmlPage, PUBLIC_URL_TOKEN, type StaticFile } from './static-files';

/** Where the prerenderer leaves the live pages' templates (a dot folder: never served). */
export const LIVE_TEMPLATES_DIR = '.live';
export const APP_HTML_MARKER = '<!--app-html-->';
export const APP_DATA_MARKER = '<!--app-data-->';

/** The file name of a live page's template under dist/web/.live/. */
export function liveTemplateFile(routePath: string): string {
  return `${routePath.slice(1).replaceAll('/', '_') || 'index'}.html`;
}

/** What the SSR build of the web app (dist/ssr/entry-server.js) offers the server. */
interface ServerRenderer {
  renderPage(path: string, data?: Record<string, unknown>): Promise<{ html: string; notFound: boolean }>;
}

/** The build's live pages: their templates (head filled in, PUBLIC_URL set) and the renderer. */
export interface LiveSite {
  templates: ReadonlyMap<string, string>;
  renderer: ServerRenderer;
}

/**
 * Loads what serving live pages needs from a build: null when the build has
 * no server renderer or no live page (an API-only start, a miniature test build).
 */
export async function loadLiveSite(webRoot: string, publicUrl: string): Promise<LiveSite | null> {
  const entry = path.resolve(webRoot, '../ssr/entry-server.js');
  if (!existsSync(entry)) return null;
  const templates = new Map<string, string>();
  for (const route of siteRoutes) {
    if (!route.renderedWith) continue;
    const file = path.join(webRoot, LIVE_TEMPLATES_DIR, liveTemplateFile(route.path));
    if (!existsSync(file)) continue;
    const template = (await readFile(file, 'utf8')).replaceAll(PUBLIC_URL_TOKEN, publicUrl);
    if (!template.includes(APP_HTML_MARKER) || !template.includes(APP_DATA_MARKER)) {
      throw new Error(`${file} is not a live page template: rebuild the web app`);
    }
    templates.set(route.path, template);
  }
  if (templates.size === 0) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as ServerRenderer;
  return { templates, renderer };
}

/** `{ "/api/products": [...] }` as a script element's text: JSON with every `<` escaped, so no `</script>` ends it. */
function pageDataScript(paths: readonly PublicDataPath[], snapshots: Snapshot<unknown>[]): string {
  const members = paths.map((apiPath, i) => `${JSON.stringify(apiPath)}:${snapshots[i]!.body.toString('utf8')}`);
  const json = `{${members.join(',')}}`.replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

export interface LivePages {
  /** The page for a live route as of the current data, or null when the route is not live. */
  page(routePath: string): Promise<StaticFile | null>;
}

/**
 * Pages rendered from data that changes after the build (/shop from the
 * catalogue, /pricing from the plans). A page is rendered once per version of
 * its data — its cache key is the ETags of the snapshots it was rendered from
 * — and served from memory until the data changes: invalidating a snapshot
 * cache (public-data.ts) is what refreshes the page. Renders of one version
 * are shared. When the data cannot be read or the render fails, `page`
 * throws and the caller serves the prerendered fallback.
 */
export function createLivePages(site: LiveSite, sources: PublicDataSources, logger: Logger): LivePages {
  const routes = new Map<string, { route: SiteRoute; paths: readonly PublicDataPath[] }>();
  for (const route of siteRoutes) {
    const paths = route.renderedWith;
    if (paths && site.templates.has(route.path)) routes.set(route.path, { route, paths });
  }
  const rendered = new Map<string, { key: string; file: Promise<StaticFile> }>();

  const render = async (route: SiteRoute, paths: readonly PublicDataPath[], snapshots: Snapshot<unknown>[]) => {
    const started = performance.now();
    const data = Object.fromEntries(paths.map((apiPath, i) => [apiPath, snapshots[i]!.data]));
    const { html } = await site.renderer.renderPage(route.path, data);
    const template = site.templates.get(route.path)!;
    const page = await htmlPage(
      template.replace(APP_HTML_MARKER, () => html).replace(APP_DATA_MARKER, () => pageDataScript(paths, snapshots)),
    );
    logger.info({ page: route.path, ms: Math.round(performance.now() - started) }, 'live page rendered');
    return page;
  };

  return {
    async page(routePath) {
      const live = routes.get(routePath);
      if (!live) return null;
      const { route, paths } = live;
      const snapshots = await Promise.all(paths.map((apiPath) => sources[apiPath].get()));
      const key = snapshots.map((snapshot) => snapshot.etag).join(' ');
      const current = rendered.get(routePath);
      if (current?.key === key) return current.file;
      const file = render(route, paths, snapshots);
      rendered.set(routePath, { key, file });
      // A failed render is not kept: the next request tries again.
      file.catch(() => {
        if (rendered.get(routePath)?.file === file) rendered.delete(routePath);
      });
      return file;
    },
  };
}
