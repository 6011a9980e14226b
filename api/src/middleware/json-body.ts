import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { HttpError } from '../errors';

export const BODY_LIMIT = '100kb';

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}

/**
 * The API speaks JSON only: a body of another type is refused with 415
 * before it is read; JSON over 100 KB → 413; malformed JSON → 400.
 * The raw text stays on ctx.request.rawBody for webhook signatures.
 */
export function jsonBody(): Middleware[] {
  const requireJson: Middleware = async function requireJsonType(ctx, next) {
    if (hasBody(ctx.req.headers) && !ctx.is('application/json')) {
      throw new HttpError(415, 'Content-Type must be application/json');
    }
    await next();
  };
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: BODY_LIMIT,
    strict: true,
  }) as unknown as Middleware;
  return [requireJson, parse];
}
