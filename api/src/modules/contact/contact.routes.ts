import Router from '@koa/router';
import { contactMessageListQuerySchema, contactMessageSchema } from '@shared/schemas/contact';
import type { AppDeps } from '../../app-deps';
import { optionalUser, requireStaff } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { listContactMessages, submitContactMessage } from './contact.service';

const TOO_MANY_MESSAGES =
  'You have sent several messages in a short time. Please wait a while, or call or email us directly.';
const RECEIVED = "Thanks! We'll get back to you within 24 hours.";

export function contactRoutes({ db, config, logger }: AppDeps): Router {
  const router = new Router();

  router.post(
    '/api/contact',
    rateLimitByIp(db, 'contact', config.rateLimits.contactPerIp, TOO_MANY_MESSAGES),
    optionalUser,
    async (ctx) => {
      const data = contactMessageSchema.parse(ctx.request.body);
      const outcome = await submitContactMessage(db, data, ctx.state.user ?? null);
      if (outcome === 'dropped') logger.info({ requestId: ctx.state.requestId }, 'contact honeypot filled: dropped');
      ctx.status = 201;
      ctx.body = { message: RECEIVED };
    },
  );

  router.get('/api/admin/contact-messages', requireStaff, async (ctx) => {
    const query = contactMessageListQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listContactMessages(db, query);
  });

  return router;
}
