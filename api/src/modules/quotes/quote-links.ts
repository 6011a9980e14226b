import { createHash, createHmac } from 'node:crypto';

/**
 * A quote's link is `/quotes/<token>`. The token is derived, not stored:
 * HMAC-SHA256 of the quote's id (a random UUID, one per version) under a key
 * derived from the server's SESSION_SECRET, so staff can be shown the link
 * again at any time, and the database holds only the token's SHA-256, the
 * lookup key of GET /api/quotes/:token (docs/decisions/178).
 */
export function quoteToken(secret: string, quoteId: string): string {
  const key = createHmac('sha256', secret).update('quote-links').digest();
  return createHmac('sha256', key).update(quoteId).digest('base64url');
}

export function quoteTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a link token looks like (43 base64url characters): anything else is unknown without a query. */
export const isQuoteTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const quotePath = (token: string) => `/quotes/${token}`;
