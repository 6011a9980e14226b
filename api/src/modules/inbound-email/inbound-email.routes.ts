import { timingSafeEqual, createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { BadRequest, HttpError, NotFound, Unauthorized } from '../../errors';
import { requirePermission } from '../../middleware/current-user';
import { findInboundEmail, inboundEmailRaw } from './inbound-emails.service';
import { InboundRefusal } from './message-checks';
import { receiveEmail } from './receive-email';

/** Compares the bearer token with the secret in constant time (both hashed first: equal lengths, no early exit). */
function bearerMatches(ctx: Context, secret: string): boolean {
  const header = ctx.get('authorization');
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(secret).digest();
  return timingSafeEqual(given, expected) && match !== null;
}

/** The body as bytes, refused (413) past `max` without reading further. */
async function readBody(ctx: Context, max: number): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `The message is larger than ${max} bytes`);
  if (Number(ctx.get('content-length') || 0) > max) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new BadRequest('The upload was interrupted');
  }
  return Buffer.concat(chunks);
}

/**
 * POST /api/inbound-email: a mail provider's inbound route hands over one raw message (docs/inbound-email.md);
 * and staff read what was received.
 */
export function inboundEmailRoutes({ db, config, logger }: AppDeps): Router {
  const router = new Router();

  router.post('/api/inbound-email', async (ctx) => {
    const secret = config.inbound.webhookSecret;
    if (!secret || !config.inbound.domain) throw new NotFound('Inbound email is not set up');
    if (!bearerMatches(ctx, secret)) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new Unauthorized('Authorization: Bearer <INBOUND_EMAIL_SECRET> is required');
    }
    if (!ctx.is('message/rfc822')) throw new HttpError(415, 'Content-Type must be message/rfc822');
    const encoding = (ctx.get('content-encoding') || 'identity').trim().toLowerCase();
    if (encoding !== 'identity') throw new HttpError(415, 'Send the message as is, without a Content-Encoding');
    const raw = await readBody(ctx, config.inbound.maxBytes);
    if (raw.length === 0) throw new BadRequest('Send the raw message as the request body');
    try {
      const result = await receiveEmail({ db, config, logger }, raw, {
        source: 'webhook',
        envelopeFrom: null,
        recipients: [],
      });
      ctx.status = result.duplicate ? 200 : 201;
      ctx.body = { id: result.id, duplicate: result.duplicate, outcome: result.outcome };
    } catch (err) {
      if (err instanceof InboundRefusal) throw new HttpError(err.httpStatus, err.message);
      throw err;
    }
  });

  router.get('/api/admin/inbound-emails/:id', requirePermission('enquiries.read'), async (ctx) => {
    const email = isUuid(ctx.params.id) ? await findInboundEmail(db, ctx.params.id) : null;
    if (!email) throw new NotFound('Email not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = email;
  });

  router.get('/api/admin/inbound-emails/:id/raw', requirePermission('enquiries.read'), async (ctx) => {
    const raw = isUuid(ctx.params.id) ? await inboundEmailRaw(db, ctx.params.id) : null;
    if (!raw) throw new NotFound('Email not found');
    ctx.set('Cache-Control', 'no-store');
    // Always a download, never rendered: a staff member's browser runs nothing a stranger mailed.
    ctx.attachment(`email-${ctx.params.id}.eml`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'message/rfc822';
    ctx.body = raw;
  });

  return router;
}
