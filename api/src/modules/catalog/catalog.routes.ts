import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { requireAdminToken } from '../../middleware/admin-token';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { catalogCacheFor } from './catalog-cache';
import { seedProducts } from './catalog.service';

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
      const { inserted, updated } = await seedProducts(db);
      catalog.invalidate();
      logger.info({ inserted, updated }, 'product catalogue seeded');
      const changes = updated > 0 ? ` and updated ${updated}` : '';
      ctx.body = {
        message:
          inserted === 0 && updated === 0
            ? 'The product catalogue is already up to date: no products inserted.'
            : `Database seeded successfully: inserted ${inserted} product${inserted === 1 ? '' : 's'}${changes}.`,
        count: inserted,
        updated,
      };
    },
  );

  return router;
}
