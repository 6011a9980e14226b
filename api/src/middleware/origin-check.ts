import type { Context, Middleware } from 'koa';
import type { Config } from '../config';
import { Forbidden } from '../errors';
import { usesNoCookie } from '../modules/auth/session-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from one of our own pages (or from a client that is
 * not a browser at all). Browsers always send Origin on cross-site POSTs, so a
 * foreign Origin means a cross-site request forgery attempt.
 */
function isTrustedOrigin(ctx: Context, allowedOrigins: ReadonlySet<string>): boolean {
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

/** Whether a request may come from its Origin; `withoutCookie`: it brings no session cookie to forge with. */
type OriginCheck = (ctx: Context, withoutCookie: boolean) => boolean;

/**
 * Our origin rule, built from the configuration: our own origin (PUBLIC_URL),
 * plus the desktop console's origins (DESKTOP_ORIGINS) for requests that never
 * use the session cookie — there is no cookie to forge a request with.
 * HTTP requests and chat upgrades are both checked with it.
 */
export function createOriginCheck(config: Pick<Config, 'publicUrl' | 'desktopOrigins'>): OriginCheck {
  const allowed = new Set([config.publicUrl]);
  const withBearer = new Set([config.publicUrl, ...config.desktopOrigins]);
  return (ctx, withoutCookie) => isTrustedOrigin(ctx, withoutCookie ? withBearer : allowed);
}

/**
 * Refuses state-changing requests whose Origin is not ours with 403. Requests
 * with an Authorization header, and logins asking for a token, use no cookie.
 */
export function originCheck(config: Pick<Config, 'publicUrl' | 'desktopOrigins'>): Middleware {
  const isTrusted = createOriginCheck(config);
  return async function checkOrigin(ctx, next) {
    if (!SAFE_METHODS.has(ctx.method) && !isTrusted(ctx, usesNoCookie(ctx))) {
      throw new Forbidden('Cross-origin request refused');
    }
    await next();
  };
}
