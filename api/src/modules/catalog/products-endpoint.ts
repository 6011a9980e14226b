import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../../app-deps';
import { catalogCacheFor } from './catalog-cache';

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The answers for the Accept-Encoding headers seen (browsers send a handful of distinct ones): parsing the header
 * with its q-values was a twentieth of the product list's JavaScript time (issue 31). Bounded.
 */
const encodingOf = new Map<string, Encoding>();
const ENCODINGS_REMEMBERED = 256;

/** The best encoding a client accepts, from its Accept-Encoding header (q=0 means "not this one"). */
export function preferredEncoding(header: string): Encoding {
  let encoding = encodingOf.get(header);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header);
    if (encodingOf.size >= ENCODINGS_REMEMBERED) encodingOf.clear();
    encodingOf.set(header, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding {
  let br = false;
  let gzip = false;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (token === 'br') br = true;
    else if (token === 'gzip' || token === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /api/products, answered ahead of the session and the router: the list
 * is public and the same for every visitor, so nothing about the visitor is
 * read. Compressed when the client accepts it; 304 when it has this version.
 * Headers are set directly: this is the shop's hottest call
 * (docs/decisions/022-catalogue-served-ahead-of-sessions.md).
 */
export function productsEndpoint({ db }: AppDeps): Middleware {
  const catalog = catalogCacheFor(db);
  // Not async: every other request passes straight on, without a promise and microtasks of its own (issue 31).
  return function serveProducts(ctx, next) {
    if (ctx.path !== '/api/products' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    return answerProducts(ctx);
  };
  async function answerProducts(ctx: Context): Promise<void> {
    const products = await catalog.get();
    const res = ctx.res;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', products.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    const ifNoneMatch = ctx.get('if-none-match');
    if (ifNoneMatch && matches(ifNoneMatch, products.etag)) {
      ctx.status = 304;
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    const encoding = preferredEncoding(ctx.get('accept-encoding'));
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    ctx.status = 200;
    ctx.body = encoding === 'br' ? products.brotli : encoding === 'gzip' ? products.gzip : products.body;
  }
}
