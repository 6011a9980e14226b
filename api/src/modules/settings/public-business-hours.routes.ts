import Router from '@koa/router';
import { publicBusinessHours } from '@shared/business-hours-words';
import type { AppDeps } from '../../app-deps';
import { readBusinessHours } from './business-hours';

/** How long a browser or proxy may keep the answer: "open now" may lag a change of state by this much. */
export const PUBLIC_BUSINESS_HOURS_MAX_AGE_SECONDS = 30;

/**
 * `GET /api/business-hours` (public): the hours as the contact page and the
 * chat widget show them, whether the team is open now (a holiday is closed,
 * with its name) and when it opens next, in words.
 */
export function publicBusinessHoursRoutes({ db }: AppDeps): Router {
  const router = new Router();
  router.get('/api/business-hours', async (ctx) => {
    const hours = await readBusinessHours(db);
    ctx.set('Cache-Control', `public, max-age=${PUBLIC_BUSINESS_HOURS_MAX_AGE_SECONDS}`);
    ctx.body = publicBusinessHours(hours, Date.now());
  });
  return router;
}
