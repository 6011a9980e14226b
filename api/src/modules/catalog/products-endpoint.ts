import type { Middleware } from 'koa';
import type { AppDeps } from '../../app-deps';
import { catalogCacheFor } from './catalog-cache';

/**
 * GET /api/products, answered ahead of the session and the router: the list
 * is public and the same for every visitor, so nothing about the visitor is
 * read. Compressed when the client accepts it; 304 when it has this version.
 * (See docs/decisions/022-catalogue-served-ahead-of-sessions.md.)
 */
export function productsEndpoint({ db }: AppDeps): Middleware {
  const catalog = catalogCacheFor(db);
  return async function serveProducts(ctx, next) {
    if (ctx.path !== '/api/products' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const products = await catalog.get();
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', products.etag);
    ctx.vary('Accept-Encoding');
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br') {
      ctx.set('Content-Encoding', 'br');
      ctx.body = products.brotli;
    } else if (encoding === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = products.gzip;
    } else {
      ctx.body = products.body;
    }
  };
}
