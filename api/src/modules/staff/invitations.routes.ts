import Router from '@koa/router';
import { acceptInvitationSchema, invitationLookupSchema } from '@shared/schemas/staff';
import type { AppDeps } from '../../app-deps';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { startUserSession } from '../auth/auth.service';
import { toPublicUser } from '../users/users.service';
import { acceptInvitation, previewInvitation } from './invitations.service';

const TOO_MANY_ATTEMPTS = 'Too many attempts from this network. Please try again later.';

/** The invitation link's page (/accept-invite): no login, the token is the proof. */
export function invitationRoutes({ db, config }: AppDeps): Router {
  const router = new Router();
  // Look-ups and accepts through the emailed link, per network address, like the other emailed links.
  const linkLimit = (bucket: string) =>
    rateLimitByIp(db, bucket, config.rateLimits.invitationLinkPerIp, TOO_MANY_ATTEMPTS);

  // The token travels in the query string: the request log records paths only.
  router.get(
    '/api/invitations',
    linkLimit('invitation-link'),
    validate({ query: invitationLookupSchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await previewInvitation(db, ctx.state.input.query.token);
    },
  );

  router.post(
    '/api/invitations/accept',
    linkLimit('invitation-accept'),
    validate({ body: acceptInvitationSchema }),
    async (ctx) => {
      const user = await acceptInvitation(db, ctx, ctx.state.input.body);
      await startUserSession(ctx, user);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 201;
      ctx.body = toPublicUser(user);
    },
  );

  return router;
}
