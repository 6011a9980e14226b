import Router from '@koa/router';
import { contactMessageListQuerySchema, contactMessageSchema } from '@shared/schemas/contact';
import type { AppDeps } from '../../app-deps';
import { optionalUser, requireStaff } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
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
    validate({ body: contactMessageSchema }),
    async (ctx) => {
      const outcome = await submitContactMessage(db, ctx.state.input.body, ctx.state.user ?? null, config.mail);
      if (outcome === 'dropped') logger.info({ requestId: ctx.state.requestId }, 'contact honeypot filled: dropped');
      ctx.status = 201;
      ctx.body = { message: RECEIVED };
    },
  );

  router.get(
    '/api/admin/contact-messages',
    requireStaff,
    validate({ query: contactMessageListQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listContactMessages(db, ctx.state.input.query);
    },
  );

  return router;
}
