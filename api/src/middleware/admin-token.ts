import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { Forbidden, Unauthorized } from '../errors';
import { answerWithError } from './error-handler';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares in constant time whatever the lengths (both sides are hashed to 32 bytes first). */
export function tokensMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Guards the administrator's seeding endpoint with the bearer token from
 * ADMIN_TOKEN: none configured → 403, missing or wrong → 401.
 */
export function requireAdminToken(adminToken: string | null): Middleware {
  return async function checkAdminToken(ctx, next) {
    if (!adminToken) return answerWithError(ctx, new Forbidden('seeding is disabled'));
    const token = bearerToken(ctx.get('authorization'));
    if (!token || !tokensMatch(token, adminToken)) {
      ctx.set('WWW-Authenticate', 'Bearer');
      return answerWithError(ctx, new Unauthorized('Invalid or missing admin token'));
    }
    await next();
  };
}
