import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { SESSION_TRANSPORT_HEADER, TOKEN_TRANSPORT } from '@shared/schemas/auth';
import { bearerToken } from '../../middleware/admin-token';

/**
 * Bearer session tokens for clients that cannot keep our cookie (the desktop
 * staff console, whose pages are not on the API's origin). A token names the
 * same kind of session as the cookie — a row of the `sessions` table — and is
 * signed like the cookie, so a copy of the table alone cannot be replayed:
 *
 *   <session id>.<base64url HMAC-SHA256(secret, "session-token:" + session id)>
 *
 * See docs/decisions/050-desktop-sessions-and-cors.md.
 */

// Session ids are 32 random bytes in base64url (session.ts): 43 characters.
const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

function signature(sessionId: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`session-token:${sessionId}`, 'utf8').digest();
}

export function issueSessionToken(sessionId: string, secret: string): string {
  return `${sessionId}.${signature(sessionId, secret).toString('base64url')}`;
}

/** The session id a token carries, or null when it is malformed or not signed with `secret`. */
function sessionIdFromToken(token: string, secret: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, sessionId, signed] = match as unknown as [string, string, string];
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(sessionId, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

/**
 * Whether the request brings its own credentials in an `Authorization`
 * header. Such a request never uses the session cookie, whatever the header
 * holds (a session token, the admin token for seeding, or garbage).
 */
export function carriesAuthorization(ctx: Pick<Context, 'get'>): boolean {
  return ctx.get('authorization') !== '';
}

/**
 * Whether the request uses no cookie: it brings an Authorization header, or
 * it is a login asking for a token. Browsers send neither across origins
 * without a CORS preflight, which only the desktop origins pass.
 */
export function usesNoCookie(ctx: Pick<Context, 'get'>): boolean {
  return carriesAuthorization(ctx) || ctx.get(SESSION_TRANSPORT_HEADER) === TOKEN_TRANSPORT;
}

/** The session id of the request's bearer session token, or null. */
export function sessionIdFromRequest(ctx: Pick<Context, 'get'>, secret: string): string | null {
  const token = bearerToken(ctx.get('authorization'));
  return token ? sessionIdFromToken(token, secret) : null;
}
