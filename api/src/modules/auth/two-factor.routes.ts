import Router from '@koa/router';
import { twoFactorCodeSchema, twoFactorDisableSchema } from '@shared/schemas/two-factor';
import type { AppDeps } from '../../app-deps';
import { requireUser, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.service';

/** Two-factor sign-in for the signed-in account (decision 169). The login's second step is in auth.routes.ts. */
export function twoFactorRoutes({ db, config }: AppDeps): Router {
  const router = new Router();
  const deps = { db, config };

  router.post('/api/account/2fa/setup', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await setUpTwoFactor(deps, userOf(ctx));
  });

  router.post('/api/account/2fa/enable', requireUser, validate({ body: twoFactorCodeSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { recoveryCodes: await enableTwoFactor(deps, ctx, userOf(ctx), ctx.state.input.body.code) };
  });

  router.post('/api/account/2fa/disable', requireUser, validate({ body: twoFactorDisableSchema }), async (ctx) => {
    await disableTwoFactor(deps, ctx, userOf(ctx), ctx.state.input.body);
    ctx.body = { message: 'Two-factor sign-in is off.' };
  });

  return router;
}
