import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { requireStaff, userOf } from '../../middleware/current-user';
import { dashboardCounts } from './dashboard.service';

/** The staff console's dashboard: what needs attention now, of what the caller's role may open. */
export function dashboardRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get('/api/admin/dashboard', requireStaff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const user = userOf(ctx);
    ctx.body = await dashboardCounts(db, (permission) => user.may(permission));
  });

  return router;
}
