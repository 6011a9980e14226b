import type { Context, Middleware } from 'koa';
import { comingSoonPagePath, comingSoonSiteFor, type ComingSoonSite } from '@shared/site/subdomains';
import { isApiPath } from '../../api-path';
import { send } from './site.middleware';
import type { StaticFile } from './static-files';

/** Files a Coming Soon page may load: its stylesheet, icon and images (never another page). */
function isPageAsset(path: string): boolean {
  return !/\.(html|xml|txt)$/.test(path);
}

// The holding pages are not worth indexing, but crawlers must be able to fetch them to see that.
const ROBOTS_TXT = 'User-agent: *\nAllow: /\n';

/**
 * Hosts such as portal.example.com, support.…, clients.…, billing.… and
 * status.… get their Coming Soon page for every path (spec §2), built at
 * build time as static HTML without the app's JavaScript. The main host is
 * never affected. The API is not served there: its cookies and origin checks
 * belong to the main host, so /api/* answers 404 JSON.
 */
export function comingSoonMiddleware(files: ReadonlyMap<string, StaticFile>, publicUrl: string): Middleware {
  const mainHostname = new URL(publicUrl).hostname;
  // The site of each Host (and, behind a trusted proxy, X-Forwarded-Host) header seen: Koa's `hostname` parses the
  // header again on every request (a thirtieth of a small answer's JavaScript time, issue 31). Bounded.
  const siteOfHeaders = new Map<string, ComingSoonSite | null>();
  const siteOf = (ctx: Context): ComingSoonSite | null => {
    const headers = ctx.req.headers;
    const key = ctx.app.proxy
      ? `${String(headers['x-forwarded-host'] ?? '')}\n${headers.host ?? ''}`
      : (headers.host ?? '');
    let site = siteOfHeaders.get(key);
    if (site === undefined) {
      site = comingSoonSiteFor(ctx.hostname, mainHostname) ?? null;
      if (siteOfHeaders.size >= 256) siteOfHeaders.clear();
      siteOfHeaders.set(key, site);
    }
    return site;
  };
  // Not async: the main host's requests pass straight on, without a promise and microtasks of its own (issue 31).
  return function serveComingSoon(ctx, next) {
    const site = siteOf(ctx);
    if (!site) return next();

    if (isApiPath(ctx.path)) {
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = 'Method Not Allowed';
      return;
    }
    const asset = files.get(ctx.path);
    if (asset && isPageAsset(ctx.path)) return send(ctx, asset);
    if (ctx.path === '/robots.txt') {
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = ROBOTS_TXT;
      return;
    }
    const page = files.get(comingSoonPagePath(site));
    if (!page) return next();
    ctx.set('X-Robots-Tag', 'noindex');
    send(ctx, page);
  };
}
