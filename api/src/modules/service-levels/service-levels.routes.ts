import Router from '@koa/router';
import { serviceLevelsSchema } from '@shared/schemas/service-levels';
import type { AppDeps } from '../../app-deps';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { writeSetting } from '../settings/settings.service';
import { refreshAllClocks } from './clocks';
import { responseTimesCacheFor } from './response-times';
import { checkPlanIds, readServiceLevels, serviceLevelsSetting } from './service-levels-setting';

/**
 * GET/PUT /api/admin/settings/service-levels (admins, like every setting; decision 192), and the public
 * GET /api/service-levels/response-times: each plan's first response for a normal request (decision 203).
 */
export function serviceLevelsRoutes({ db }: AppDeps): Router {
  const router = new Router();
  const admin = requirePermission('settings');
  const responseTimes = responseTimesCacheFor(db);

  router.get('/api/service-levels/response-times', async (ctx) => {
    const snapshot = await responseTimes.get();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', snapshot.etag);
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = snapshot.data;
  });

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
    // Committed: the public figures (and /pricing, rendered from them) are read again.
    responseTimes.invalidate();
  });

  return router;
}
