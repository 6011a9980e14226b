import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import { requestLogger, type Logger } from '../logger';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,64}$/;
// Health probes arrive every few seconds from every load balancer: log them at debug.
const QUIET_PATHS = new Set(['/healthz']);

// Unique across instances (random prefix per process) and cheap per request (a counter).
const instancePrefix = randomBytes(6).toString('base64url');
let sequence = 0;
function nextRequestId(): string {
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return `${instancePrefix}-${sequence.toString(36)}`;
}

/**
 * Gives every request an id (kept from X-Request-Id when a proxy sent a sane
 * one), returns it in the response, and logs one structured line per request.
 */
/** The path as logged: a quote link's token (the link is the client's only key) is left out. */
export const loggedPath = (path: string) => path.replace(/^(\/(?:api\/)?quotes\/)[^/]+/, '$1:token');

export function requestContext(logger: Logger): Middleware {
  const log = requestLogger(logger);
  return async function logRequest(ctx, next) {
    const started = performance.now();
    const incoming = ctx.get('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : nextRequestId();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const quiet = QUIET_PATHS.has(ctx.path);
      if (log.enabled(quiet)) {
        log.write(
          {
            requestId,
            method: ctx.method,
            path: loggedPath(ctx.path),
            status: ctx.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
            ip: ctx.ip,
            userId: ctx.state.user?.id,
          },
          quiet,
        );
      }
    }
  };
}
