import type { Context, Middleware } from 'koa';
import { Forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from one of our own pages (or from a client that is
 * not a browser at all). Browsers always send Origin on cross-site POSTs, so a
 * foreign Origin means a cross-site request forgery attempt.
 */
export function isTrustedOrigin(ctx: Context, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = ctx.get('origin');
  if (origin) {
    if (allowedOrigins.has(origin)) return true;
    // Same host as the request itself (e.g. http://127.0.0.1:3000 while PUBLIC_URL says localhost).
    try {
      return new URL(origin).host === ctx.host;
    } catch {
      return false;
    }
  }
  // No Origin: not a browser form/fetch, unless the browser tells us it is cross-site.
  const fetchSite = ctx.get('sec-fetch-site');
  return fetchSite === '' || fetchSite === 'same-origin' || fetchSite === 'none';
}

/** Refuses state-changing requests whose Origin is not ours with 403. */
export function originCheck(allowedOrigins: Iterable<string>): Middleware {
  const allowed = new Set(allowedOrigins);
  return async function checkOrigin(ctx, next) {
    if (!SAFE_METHODS.has(ctx.method) && !isTrustedOrigin(ctx, allowed)) {
      throw new Forbidden('Cross-origin request refused');
    }
    await next();
  };
}
