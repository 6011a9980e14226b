import Router from '@koa/router';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { NotFound, Unauthorized } from '../../errors';
import { requireUser, userOf } from '../../middleware/current-user';
import { endUserSession } from './auth.service';
import { endAccountSession, endOtherSessions, listAccountSessions } from './sessions.service';

/**
 * The account's signed-in sessions (decision 171): list them, sign one out,
 * or sign out every one but this.
 */
export function sessionsRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get('/api/account/sessions', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { sessions: await listAccountSessions(db, userOf(ctx).id, ctx.state.sessionId) };
  });

  router.delete('/api/account/sessions/:id', requireUser, async (ctx) => {
    const id = ctx.params.id;
    if (!isUuid(id)) throw new NotFound('No such session');
    const { wasCurrent } = await endAccountSession(db, userOf(ctx).id, id, ctx.state.sessionId);
    // Signing this session out is signing out.
    if (wasCurrent) endUserSession(ctx);
    ctx.status = 204;
  });

  router.post('/api/account/sessions/sign-out-others', requireUser, async (ctx) => {
    const current = ctx.state.sessionId;
    // Without a stored session of its own, "every other" would be every one.
    if (!current) throw new Unauthorized();
    ctx.body = { ended: await endOtherSessions(db, userOf(ctx).id, current) };
  });

  return router;
}
