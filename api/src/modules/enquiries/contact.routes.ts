import Router from '@koa/router';
import { enquiryNumberedPageQuerySchema, enquirySchema } from '@shared/schemas/contact';
import { quoteRequestSchema } from '@shared/schemas/quotes';
import { enquiryListQuerySchema, enquiryReplySchema, updateEnquirySchema } from '@shared/schemas/enquiries';
import type { AppDeps } from '../../app-deps';
import { optionalUser, requirePermission, userOf } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { listEnquiriesByPage, submitEnquiry } from './contact.service';
import { submitQuoteRequest } from './quote-requests';
import { convertEnquiry, listEnquiries, readEnquiry, replyToEnquiry, setEnquiryStatus } from './enquiries.service';

const TOO_MANY_MESSAGES =
  'You have sent several messages in a short time. Please wait a while, or call or email us directly.';
const RECEIVED = "Thanks! We'll get back to you within 24 hours.";

export function contactRoutes({ db, config, logger }: AppDeps): Router {
  const router = new Router();

  router.post(
    '/api/contact',
    rateLimitByIp(db, 'contact', config.rateLimits.contactPerIp, TOO_MANY_MESSAGES),
    optionalUser,
    validate({ body: enquirySchema }),
    async (ctx) => {
      const outcome = await submitEnquiry(db, ctx.state.input.body, ctx.state.user ?? null, config);
      if (outcome === 'dropped') logger.info({ requestId: ctx.state.requestId }, 'contact honeypot filled: dropped');
      ctx.status = 201;
      ctx.body = { message: RECEIVED };
    },
  );

  // The cart's "Request a quote instead": an enquiry marked as a quote request, with the products asked about.
  router.post(
    '/api/quote-requests',
    rateLimitByIp(db, 'quote-request', config.rateLimits.contactPerIp, TOO_MANY_MESSAGES),
    optionalUser,
    validate({ body: quoteRequestSchema }),
    async (ctx) => {
      await submitQuoteRequest(db, ctx.state.input.body, ctx.state.user ?? null, config);
      ctx.status = 201;
      ctx.body = { message: RECEIVED };
    },
  );

  router.get(
    '/api/admin/contact-messages',
    requirePermission('enquiries.read'),
    validate({ query: enquiryNumberedPageQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listEnquiriesByPage(db, ctx.state.input.query);
    },
  );

  // The staff inbox (the list above stays as it was for existing callers).
  router.get(
    '/api/admin/enquiries',
    requirePermission('enquiries.read'),
    validate({ query: enquiryListQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listEnquiries(db, ctx.state.input.query);
    },
  );

  router.get('/api/admin/enquiries/:id', requirePermission('enquiries.read'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readEnquiry(db, ctx.params.id ?? '');
  });

  router.patch(
    '/api/admin/enquiries/:id',
    requirePermission('enquiries.reply'),
    validate({ body: updateEnquirySchema }),
    async (ctx) => {
      ctx.body = await setEnquiryStatus(db, ctx.params.id ?? '', ctx.state.input.body.status);
    },
  );

  router.post(
    '/api/admin/enquiries/:id/replies',
    requirePermission('enquiries.reply'),
    validate({ body: enquiryReplySchema }),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await replyToEnquiry(db, ctx.params.id ?? '', userOf(ctx), ctx.state.input.body.message);
    },
  );

  router.post('/api/admin/enquiries/:id/convert', requirePermission('enquiries.reply'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await convertEnquiry(db, ctx.params.id ?? '', auditActorOf(ctx));
  });

  return router;
}
