import type { Context, Middleware } from 'koa';
import { canonicalPath, findSiteRoute } from '@shared/site/routes';
import { isApiPath } from '../../api-path';
import type { Logger } from '../../logger';
import type { LivePages } from './live-pages';
import type { StaticFile } from './static-files';

/** Answers with a file from memory: conditional GET, and the best encoding the client takes. */
export function send(ctx: Context, file: StaticFile, status = 200): void {
  ctx.status = status;
  ctx.set('Cache-Control', file.cacheControl);
  ctx.set('ETag', file.etag);
  ctx.type = file.type;
  if (file.brotli || file.gzip) ctx.vary('Accept-Encoding');
  if (status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' && file.brotli) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = file.brotli;
  } else if (encoding === 'gzip' && file.gzip) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = file.gzip;
  } else {
    ctx.body = file.body;
  }
}

/** The prerendered HTML file of a site route. */
function pageFile(routePath: string): string {
  return routePath === '/' ? '/index.html' : `${routePath}/index.html`;
}

/**
 * Serves the built web app: static files, each route's page — rendered from
 * the current data for live routes (/shop, /pricing), else prerendered — and
 * the 404 page with status 404 for any other path.
 */
export function siteMiddleware(
  files: ReadonlyMap<string, StaticFile>,
  live: LivePages | null = null,
  logger?: Logger,
): Middleware {
  const livePage = async (routePath: string): Promise<StaticFile | null> => {
    if (!live) return null;
    try {
      return await live.page(routePath);
    } catch (error) {
      // The database or the render failed: the prerendered page still works (it loads its data itself).
      logger?.error({ err: error, page: routePath }, 'live page failed; serving the prerendered page');
      return null;
    }
  };
  return async function serveSite(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    const asset = files.get(ctx.path);
    if (asset && !ctx.path.endsWith('.html')) return send(ctx, asset);

    const route = findSiteRoute(ctx.path);
    const canonical = canonicalPath(ctx.path);
    if (route && canonical !== ctx.path) {
      // One URL per page: /about/ → /about.
      ctx.status = 301;
      ctx.redirect(`${canonical}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    const page = route ? ((await livePage(route.path)) ?? files.get(pageFile(route.path))) : undefined;
    if (page) return send(ctx, page);

    const notFound = files.get('/404.html');
    if (notFound) return send(ctx, notFound, 404);
    return next();
  };
}
