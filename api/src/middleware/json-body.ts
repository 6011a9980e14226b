import type { IncomingMessage } from 'node:http';
import bodyParser from 'koa-bodyparser';
import type { Context, Middleware } from 'koa';
import { BadRequest, HttpError } from '../errors';
import { assertCleanBody } from './text-guard';

export const BODY_LIMIT = '100kb';

/** The Content-Encodings a request body may have (what the body parser can undo). */
export const BODY_ENCODINGS = ['identity', 'gzip', 'deflate', 'br'] as const;
const ACCEPTED_ENCODINGS = new Set<string>(BODY_ENCODINGS);

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}

/** zlib's and brotli's errors for data that is not what its encoding says. */
function isDecompressionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__'))
  );
}

/**
 * Rejects (as raw-body's "request aborted", a 400) when the client goes away
 * before its whole body arrived. The body parser hears of that itself for a
 * plain body, but a compressed one is read through a decompressor the request
 * is piped into, and a pipe passes on no 'error' or 'aborted': without this the
 * request would wait for the rest of its body for ever, holding its memory.
 */
function whenAborted(req: IncomingMessage): { promise: Promise<never>; dispose(): void } {
  let onClose = () => {};
  const promise = new Promise<never>((_resolve, reject) => {
    onClose = () => {
      if (!req.complete) reject(Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }));
    };
    req.once('close', onClose);
  });
  return { promise, dispose: () => req.off('close', onClose) };
}

/**
 * The uploads, read as bytes by their routes (size-limited, checked by content there):
 * POST /api/admin/products/{id}/image takes the image itself as its body, or a multipart form holding it;
 * POST /api/service-requests/{id}/replies takes a multipart form with attached files (or JSON).
 */
const IMAGE_UPLOAD_PATH = /^\/api\/admin\/products\/[^/]+\/image$/;
const ATTACHMENT_UPLOAD_PATHS = [/^\/api\/service-requests\/[^/]+\/replies$/];
const isUpload = (ctx: Context) =>
  ctx.method === 'POST' &&
  ((IMAGE_UPLOAD_PATH.test(ctx.path) && Boolean(ctx.is('image/*', 'multipart/form-data'))) ||
    (ATTACHMENT_UPLOAD_PATHS.some((path) => path.test(ctx.path)) && Boolean(ctx.is('multipart/form-data'))));
/** POST /api/inbound-email takes a raw email (message/rfc822), read by its route after the secret is checked. */
const isInboundEmail = (ctx: Context) => ctx.method === 'POST' && ctx.path === '/api/inbound-email';

/**
 * The API speaks JSON only (but for the uploads above): a body of another type is refused with 415
 * before it is read, and so is a Content-Encoding other than gzip, deflate
 * or br (one at most); a body that does not decompress → 400; JSON over
 * 100 KB (decompressed) → 413; malformed JSON → 400; a NUL or a lone
 * surrogate anywhere in it → 400 naming the field (@shared/text-rule).
 * The raw text stays on ctx.request.rawBody for webhook signatures.
 */
export function jsonBody(): Middleware[] {
  const requireJson: Middleware = async function requireJsonType(ctx, next) {
    // The uploads and the inbound email: read as bytes by their routes (size-limited, checked by content there).
    if (isUpload(ctx) || isInboundEmail(ctx)) return next();
    if (hasBody(ctx.req.headers)) {
      if (!ctx.is('application/json')) throw new HttpError(415, 'Content-Type must be application/json');
      const encoding = (ctx.get('content-encoding') || 'identity').trim().toLowerCase();
      if (!ACCEPTED_ENCODINGS.has(encoding)) {
        throw new HttpError(415, 'Unsupported Content-Encoding: send the body as is, or with gzip, deflate or br');
      }
    }
    await next();
  };
  const parser = bodyParser({
    enableTypes: ['json'],
    jsonLimit: BODY_LIMIT,
    strict: true,
  }) as unknown as Middleware;
  const parse: Middleware = async function parseJsonBody(ctx, next) {
    if (isUpload(ctx) || isInboundEmail(ctx)) return next();
    const aborted = whenAborted(ctx.req);
    try {
      await Promise.race([parser(ctx, async () => undefined), aborted.promise]);
    } catch (err) {
      if (isDecompressionError(err))
        throw new BadRequest(`Request body is not valid ${ctx.get('content-encoding')} data`);
      throw err;
    } finally {
      aborted.dispose();
    }
    assertCleanBody(ctx.request.body);
    await next();
  };
  return [requireJson, parse];
}
