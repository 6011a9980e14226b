import Router from '@koa/router';
import type { Context } from 'koa';
import {
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteDeclineSchema,
  quoteListQuerySchema,
  quotePatchSchema,
} from '@shared/schemas/quotes';
import type { AppDeps } from '../../app-deps';
import { optionalUser, requirePermission, requireUser, userOf } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import type { PaymentProvider } from '../payments/payment-provider';
import { acceptQuote, clientQuotes, declineQuote, viewQuote } from './public-quotes.service';
import type { SubscriptionProvider } from '../subscriptions/subscription-provider';
import { convertQuote, startQuoteDeposit } from './quote-deposits';
import { startQuoteSubscription } from './quote-subscriptions';
import { isQuoteTokenShape, quoteTokenHash } from './quote-links';
import { quotePdf } from './quote-pdf';
import { loadQuote, type QuoteLinks } from './quote-rows';
import { reviseQuote, sendQuote, withdrawQuote } from './quote-transitions';
import { createQuote, listQuotes, readQuote, updateQuote, type QuoteStaff } from './quotes.service';
import { NotFound } from '../../errors';

const TOO_MANY_ATTEMPTS = 'Too many attempts from this network. Please try again later.';

function sendPdf(ctx: Context, file: { filename: string; pdf: Buffer }) {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.attachment(file.filename);
  ctx.type = 'application/pdf';
  ctx.body = file.pdf;
}

/**
 * Quotes (issue 25): staff build and send them; the client reads, accepts or declines through the link, and pays
 * the deposit there with the app's payment provider (`provider`, null when payments are not configured).
 */
export function quotesRoutes(
  { db, config, logger }: AppDeps,
  provider: PaymentProvider | null,
  subscriptions: SubscriptionProvider | null = null,
): Router {
  const router = new Router();
  const links: QuoteLinks = { secret: config.sessionSecret, publicUrl: config.publicUrl };
  const staffOf = (ctx: Context): QuoteStaff => ({ user: userOf(ctx), actor: auditActorOf(ctx) });
  const staffOnly = requirePermission('quotes');

  router.get('/api/admin/quotes', staffOnly, validate({ query: quoteListQuerySchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listQuotes(db, ctx.state.input.query);
  });

  router.post('/api/admin/quotes', staffOnly, validate({ body: quoteCreateSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createQuote(db, links, staffOf(ctx), ctx.state.input.body);
  });

  router.get('/api/admin/quotes/:id', staffOnly, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readQuote(db, links, ctx.params.id ?? '');
  });

  router.patch('/api/admin/quotes/:id', staffOnly, validate({ body: quotePatchSchema }), async (ctx) => {
    ctx.body = await updateQuote(db, links, staffOf(ctx), ctx.params.id ?? '', ctx.state.input.body);
  });

  router.post('/api/admin/quotes/:id/send', staffOnly, async (ctx) => {
    ctx.body = await sendQuote(db, links, staffOf(ctx), ctx.params.id ?? '');
  });

  router.post('/api/admin/quotes/:id/revise', staffOnly, async (ctx) => {
    ctx.status = 201;
    ctx.body = await reviseQuote(db, links, staffOf(ctx), ctx.params.id ?? '');
  });

  router.post('/api/admin/quotes/:id/withdraw', staffOnly, async (ctx) => {
    ctx.body = await withdrawQuote(db, links, staffOf(ctx), ctx.params.id ?? '');
  });

  router.get('/api/admin/quotes/:id/pdf', staffOnly, async (ctx) => {
    sendPdf(ctx, await quotePdf(db, links, ctx.params.id ?? ''));
  });

  // The client's own quotes (signed in): by account or by their verified address.
  router.get('/api/quotes', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await clientQuotes(db, links, userOf(ctx));
  });

  // Through the link, no account: per network address, like the other emailed links.
  const linkLimit = (bucket: string) => rateLimitByIp(db, bucket, config.rateLimits.quoteLinkPerIp, TOO_MANY_ATTEMPTS);

  router.get('/api/quotes/:token', linkLimit('quote-link'), optionalUser, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = await viewQuote(db, links, ctx.params.token ?? '', ctx.state.user ?? null);
  });

  router.get('/api/quotes/:token/pdf', linkLimit('quote-link'), async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!isQuoteTokenShape(token)) throw new NotFound('Quote not found');
    const row = await loadQuote(db, { tokenHash: quoteTokenHash(token) });
    if (row.status === 'draft') throw new NotFound('Quote not found');
    sendPdf(ctx, await quotePdf(db, links, row.id));
  });

  router.post(
    '/api/quotes/:token/accept',
    linkLimit('quote-answer'),
    optionalUser,
    validate({ body: quoteAcceptSchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const token = ctx.params.token ?? '';
      const signedIn = ctx.state.user ?? null;
      const accepted = await acceptQuote(db, links, token, ctx.state.input.body, ctx.ip || null, config.mail, signedIn);
      ctx.body = accepted;
      // Nothing to pay: the quote becomes its work now (maintenance converts it if the server stops here).
      if (accepted.status === 'accepted' && accepted.totals.deposit === '0.00') {
        const row = await loadQuote(db, { tokenHash: quoteTokenHash(token) });
        await db.transaction((trx) => convertQuote(trx, row.id));
        if (subscriptions) {
          // After the commit, with the provider; a failure is retried by maintenance (decision 201).
          try {
            await startQuoteSubscription({ db, provider: subscriptions, logger }, row.id);
          } catch (err) {
            logger.error({ err, quoteId: row.id }, 'quote subscription not started; maintenance will retry');
          }
        }
      }
    },
  );

  router.post('/api/quotes/:token/deposit', linkLimit('quote-answer'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await startQuoteDeposit({ db, provider, logger }, ctx.params.token ?? '');
  });

  router.post(
    '/api/quotes/:token/decline',
    linkLimit('quote-answer'),
    validate({ body: quoteDeclineSchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await declineQuote(
        db,
        links,
        ctx.params.token ?? '',
        ctx.state.input.body,
        ctx.ip || null,
        config.mail,
      );
    },
  );

  return router;
}
