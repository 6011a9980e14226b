import Router from '@koa/router';
import { businessHoursSchema } from '@shared/schemas/support';
import type { AppDeps } from '../../app-deps';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { businessHoursSetting, readBusinessHours } from './business-hours';
import { writeSetting } from './settings.service';

/** The console's settings (the `settings` permission: admins), decision 183. */
export function settingsRoutes({ db }: AppDeps): Router {
  const router = new Router();
  const admin = requirePermission('settings');

  router.get('/api/admin/settings/business-hours', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readBusinessHours(db);
  });

  router.put('/api/admin/settings/business-hours', admin, validate({ body: businessHoursSchema }), async (ctx) => {
    const actor = auditActorOf(ctx);
    ctx.body = await db.transaction((trx) => writeSetting(trx, businessHoursSetting, actor, ctx.state.input.body));
  });

  return router;
}
