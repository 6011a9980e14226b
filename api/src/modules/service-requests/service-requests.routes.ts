import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { requireUser, userOf } from '../../middleware/current-user';
import { listServiceRequests } from './service-requests.service';

export function serviceRequestsRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get('/api/service-requests', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listServiceRequests(db, userOf(ctx).id);
  });

  return router;
}
