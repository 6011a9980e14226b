import type { Context, Middleware } from 'koa';
import { Forbidden } from '../errors';
import { usesNoCookie } from '../modules/auth/session-token';

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

/**
 * The origins a request may come from: ours, plus `bearerOrigins` (the
 * desktop console) for requests that carry an Authorization header or log in
 * for a token — those never use the session cookie, so there is no cookie to
 * forge a request with.
 */
export function trustedOriginsFor(
  ctx: Pick<Context, 'get'>,
  allowed: ReadonlySet<string>,
  withBearer: ReadonlySet<string>,
): ReadonlySet<string> {
  return usesNoCookie(ctx) ? withBearer : allowed;
}

/** Refuses state-changing requests whose Origin is not ours with 403. */
export function originCheck(allowedOrigins: Iterable<string>, bearerOrigins: Iterable<string> = []): Middleware {
  const allowed = new Set(allowedOrigins);
  const withBearer = new Set([...allowed, ...bearerOrigins]);
  return async function checkOrigin(ctx, next) {
    if (!SAFE_METHODS.has(ctx.method) && !isTrustedOrigin(ctx, trustedOriginsFor(ctx, allowed, withBearer))) {
      throw new Forbidden('Cross-origin request refused');
    }
    await next();
  };
}
