import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { requireStaff } from '../../middleware/current-user';
import { dashboardCounts } from './dashboard.service';

/** The staff console's dashboard: what needs attention now. */
export function dashboardRoutes({ db }: AppDeps): Router {
  const router = new Router();

  router.get('/api/admin/dashboard', requireStaff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await dashboardCounts(db);
  });

  return router;
}
