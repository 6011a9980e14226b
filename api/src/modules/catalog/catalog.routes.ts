import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../app-deps';
import { requireAdminToken } from '../../middleware/admin-token';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { systemActor, type AuditActor } from '../audit/audit-log';
import { catalogCacheFor } from './catalog-cache';
import { seedProducts } from './catalog.service';

/**
 * Who seeds, for the audit log: the administrator's token is what allows it (a request carrying it has no
 * session, the console's seeding panel included), so the actor is "admin token" from the request's address.
 */
function seedingActor(ctx: Context): AuditActor {
  return { ...systemActor('admin token'), ip: ctx.ip || null };
}

const TOO_MANY_SEEDS = 'Too many seeding attempts from this network. Please wait a few minutes and try again.';

/** Seeding; GET /api/products is served ahead of the router (products-endpoint.ts). */
export function catalogRoutes({ db, config, logger }: AppDeps): Router {
  const router = new Router();
  const catalog = catalogCacheFor(db);

  router.post(
    '/api/admin/seed-products',
    rateLimitByIp(db, 'admin-seed', config.rateLimits.adminSeedPerIp, TOO_MANY_SEEDS),
    requireAdminToken(config.adminToken),
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
