import type { Middleware } from 'koa';
import { isApiPath } from '../api-path';

/** What the desktop console may send and read across origins. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept';
const EXPOSED_HEADERS = 'X-Next-Cursor, X-Request-Id, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * CORS on /api for the desktop staff console's origins only (DESKTOP_ORIGINS).
 * It never sends Access-Control-Allow-Credentials: the console authenticates
 * with a bearer token and sends no cookies, and no other origin can read a
 * cookie-authenticated answer. Preflights from those origins are answered
 * here (204); other origins get no CORS headers, so browsers keep the answer
 * from them. The catalogue endpoint, served ahead of this, is not offered
 * across origins (the console does not use it).
 */
export function desktopCors(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  // Not async: it only sets headers before passing on (no promise and microtasks of its own, issue 31).
  return function cors(ctx, next) {
    if (!isApiPath(ctx.path)) return next();
    ctx.vary('Origin');
    const origin = ctx.get('origin');
    if (!origin || !allowed.has(origin)) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      ctx.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
      // The console may run on a computer in the same network as a server on a private address.
      if (ctx.get('access-control-request-private-network') === 'true') {
        ctx.set('Access-Control-Allow-Private-Network', 'true');
      }
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    return next();
  };
}
