import type { Knex } from 'knex';
import Router from '@koa/router';
import { assignmentSettingsSchema, planPrioritiesSchema } from '@shared/schemas/assignment';
import { businessHoursSchema } from '@shared/schemas/support';
import type { AppDeps } from '../../app-deps';
import { publish } from '../../live/publish';
import { requirePermission } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { assignmentSetting, readAssignmentSettings } from './assignment-settings';
import { businessHoursSetting, readBusinessHours } from './business-hours';
import { readPlanPriorities, writePlanPriorities } from './plan-priorities';
import { writeSetting } from './settings.service';

/** What else must follow a change of the business hours (the service-level clocks, the reports), wired by app.ts. */
export interface SettingsHooks {
  /** In the PUT's transaction. */
  businessHoursChanged?(trx: Knex.Transaction): Promise<void>;
  /** Once it committed: work that must not hold the PUT (decision 210). */
  businessHoursCommitted?(): void;
}

/** The console's settings (the `settings` permission: admins), decision 183. */
export function settingsRoutes({ db }: AppDeps, hooks: SettingsHooks = {}): Router {
  const router = new Router();
  const admin = requirePermission('settings');

  router.get('/api/admin/settings/business-hours', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readBusinessHours(db);
  });

  router.put('/api/admin/settings/business-hours', admin, validate({ body: businessHoursSchema }), async (ctx) => {
    const actor = auditActorOf(ctx);
    ctx.body = await db.transaction(async (trx) => {
      const stored = await writeSetting(trx, businessHoursSetting, actor, ctx.state.input.body);
      await hooks.businessHoursChanged?.(trx);
      return stored;
    });
    hooks.businessHoursCommitted?.();
  });

  router.get('/api/admin/settings/plan-priorities', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readPlanPriorities(db);
  });

  router.put('/api/admin/settings/plan-priorities', admin, validate({ body: planPrioritiesSchema }), async (ctx) => {
    const actor = auditActorOf(ctx);
    ctx.body = await db.transaction((trx) => writePlanPriorities(trx, actor, ctx.state.input.body));
  });

  router.get('/api/admin/settings/assignment', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readAssignmentSettings(db);
  });

  // Announced on the chat channel's presence event: every instance's assigner looks again (capacity may have grown).
  router.put('/api/admin/settings/assignment', admin, validate({ body: assignmentSettingsSchema }), async (ctx) => {
    const actor = auditActorOf(ctx);
    ctx.body = await db.transaction(async (trx) => {
      const value = await writeSetting(trx, assignmentSetting, actor, ctx.state.input.body);
      await publish(trx, 'chat', { kind: 'presence' });
      return value;
    });
  });

  return router;
}
