import type { Context, Middleware } from 'koa';
import { findForbiddenText, forbiddenTextMessage, hasForbiddenCharacter } from '@shared/text-rule';
import { BadRequest } from '../errors';

/**
 * The decoded text of each path segment, as the router hands it to routes.
 * A segment that is not valid percent-encoding reaches routes as typed
 * (the router does not decode it), so it carries no decoded character.
 */
function decodedSegments(path: string): string[] {
  if (!path.includes('%')) return [];
  const decoded: string[] = [];
  for (const segment of path.split('/')) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      // Left as typed by the router: nothing decoded to check.
    }
  }
  return decoded;
}

/** Where in the URL a forbidden character is ("path", "query.<name>"), or null. */
export function findForbiddenInUrl(ctx: Pick<Context, 'path' | 'query' | 'querystring'>): string | null {
  if (decodedSegments(ctx.path).some(hasForbiddenCharacter)) return 'path';
  // Most requests have no query string: skip parsing one (this runs on every API request).
  if (!ctx.querystring) return null;
  const inQuery = findForbiddenText(ctx.query);
  return inQuery === null ? null : `query.${inQuery}`;
}

/**
 * Applies the text rule (@shared/text-rule) to the URL of every API request:
 * a NUL or a lone surrogate in the path or the query string → 400 naming it.
 * Bodies are checked where they are parsed (json-body.ts).
 */
// Not async (no promise and microtasks of its own on every API request, issue 31): koa-compose turns the throw
// into a rejection as before.
export const refuseForbiddenUrlText: Middleware = function refuseForbiddenUrlText(ctx, next) {
  const where = findForbiddenInUrl(ctx);
  if (where !== null) throw new BadRequest(forbiddenTextMessage(where));
  return next();
};

/** Applies the text rule to a parsed JSON body: 400 naming the first bad field. */
export function assertCleanBody(body: unknown): void {
  const where = findForbiddenText(body);
  if (where !== null) throw new BadRequest(forbiddenTextMessage(where));
}
