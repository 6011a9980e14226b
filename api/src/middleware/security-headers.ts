import type { Middleware } from 'koa';
import { isApiPath } from '../api-path';
import type { Config } from '../config';

/**
 * The Content-Security-Policy allows our own origin plus exactly what
 * Stripe.js and its Payment Element need (docs.stripe.com/security/guide#content-security-policy).
 */
function contentSecurityPolicy(config: Pick<Config, 'secureCookies'>): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
    // React and Radix set inline style attributes; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self' https://api.stripe.com",
    'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  if (config.secureCookies) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Where the catalogue's own product pictures are served (web/public/products). */
const PRODUCT_PICTURES = '/products/';

/**
 * JSON answers are never rendered or framed: they get the minimal policy OWASP
 * recommends for APIs (frame-ancestors covers what X-Frame-Options did).
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every response: the full policy for pages and assets,
 * the short API policy for /api answers.
 */
export function securityHeaders(config: Pick<Config, 'secureCookies'>): Middleware {
  const common: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
  if (config.secureCookies) common['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  const page: Record<string, string> = {
    ...common,
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  };
  const api: Record<string, string> = { ...common, 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY };
  // The shop's product pictures are public and are shown by the desktop console too, whose page is not on this
  // origin (decision 135): they may be embedded cross-origin. Uploaded ones are under /api and have no CORP.
  const productPicture = { ...page, 'Cross-Origin-Resource-Policy': 'cross-origin' };
  // Not async: it only sets headers before passing on (no promise and microtasks of its own, issue 31).
  return function setSecurityHeaders(ctx, next) {
    const path = ctx.path;
    if (isApiPath(path) || path === '/healthz') ctx.set(api);
    else ctx.set(path.startsWith(PRODUCT_PICTURES) ? productPicture : page);
    return next();
  };
}
