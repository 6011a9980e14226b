import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../../app-deps';
import { requireAdminToken } from '../../middleware/admin-token';
import { currentUser, requirePermission } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { auditActorOf, systemActor, type AuditActor } from '../audit/audit-log';
import { catalogCacheFor } from './catalog-cache';
import { seedProducts } from './catalog.service';

/**
 * Who seeds, for the audit log: a signed-in admin seeding without the token is named; with the
 * administrator's token (the spec's seeding card: no session) the actor is "admin token" from the request's address.
 */
function seedingActor(ctx: Context): AuditActor {
  if (!ctx.get('authorization') && currentUser(ctx)) return auditActorOf(ctx);
  return { ...systemActor('admin token'), ip: ctx.ip || null };
}

const TOO_MANY_SEEDS = 'Too many seeding attempts from this network. Please wait a few minutes and try again.';

/**
 * Seeding takes the ADMIN_TOKEN bearer token (the spec's seeding card), or,
 * without one, a signed-in staff member whose role has `seeding` (decision 167).
 */
function seedingGuard(adminToken: string | null): Middleware {
  const byToken = requireAdminToken(adminToken);
  const bySession = requirePermission('seeding');
  return async function seedingGuardMiddleware(ctx, next) {
    if (!ctx.get('authorization') && currentUser(ctx)) return bySession(ctx, next);
    return byToken(ctx, next);
  };
}

/** Seeding; GET /api/products is served ahead of the router (products-endpoint.ts). */
export function catalogRoutes({ db, config, logger }: AppDeps): Router {
  const router = new Router();
  const catalog = catalogCacheFor(db);

  router.post(
    '/api/admin/seed-products',
    rateLimitByIp(db, 'admin-seed', config.rateLimits.adminSeedPerIp, TOO_MANY_SEEDS),
    seedingGuard(config.adminToken),
    async (ctx) => {
      const { inserted, kept } = await seedProducts(db, undefined, seedingActor(ctx));
      catalog.invalidate();
      logger.info({ inserted, kept }, 'product catalogue seeded');
      const products = (n: number) => `${n} product${n === 1 ? '' : 's'}`;
      const left = kept > 0 ? `; ${products(kept)} already in the shop left as they are` : '';
      ctx.body = {
        message:
          inserted === 0
            ? `The product catalogue is already in the shop: no products inserted${left}.`
            : `Database seeded successfully: inserted ${products(inserted)}${left}.`,
        count: inserted,
        kept,
      };
    },
  );

  return router;
}
