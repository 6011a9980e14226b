import Router from '@koa/router';
import { serviceLevelsSchema } from '@shared/schemas/service-levels';
import type { AppDeps } from '../../app-deps';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { writeSetting } from '../settings/settings.service';
import { refreshAllClocks } from './clocks';
import { checkPlanIds, readServiceLevels, serviceLevelsSetting } from './service-levels-setting';

/** GET/PUT /api/admin/settings/service-levels (admins, like every setting; decision 192). */
export function serviceLevelsRoutes({ db }: AppDeps): Router {
  const router = new Router();
  const admin = requirePermission('settings');

  router.get('/api/admin/settings/service-levels', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readServiceLevels(db);
  });

  router.put('/api/admin/settings/service-levels', admin, validate({ body: serviceLevelsSchema }), async (ctx) => {
    const actor = auditActorOf(ctx);
    const levels = ctx.state.input.body;
    ctx.body = await db.transaction(async (trx) => {
      await checkPlanIds(trx, levels);
      const stored = await writeSetting(trx, serviceLevelsSetting, actor, levels);
      // Every open ticket and chat follows the new targets at once (ended clocks keep theirs).
      await refreshAllClocks(trx);
      return stored;
    });
  });

  return router;
}
