import Router from '@koa/router';
import {
  changePasswordSchema,
  emailChangeConfirmSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  updateProfileSchema,
} from '@shared/schemas/account';
import type { AppDeps } from '../../app-deps';
import { requireUser, userOf } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { accountOf, changePassword, confirmEmailLink, updateProfile } from './account.service';
import { sendEmailVerification } from './email-verification.service';
import { confirmPasswordReset, requestPasswordReset, RESET_DONE, RESET_REQUESTED } from './password-reset.service';

const TOO_MANY_RESETS = 'Too many password reset attempts from this network. Please wait a few minutes and try again.';

/** Account self-service: forgotten passwords, the profile, the password, a new email. */
export function accountRoutes({ db, config, logger }: AppDeps): Router {
  const router = new Router();
  const resetLimit = (bucket: string) =>
    rateLimitByIp(db, bucket, config.rateLimits.passwordResetPerIp, TOO_MANY_RESETS);

  router.post(
    '/api/auth/password-reset/request',
    resetLimit('password-reset-request'),
    validate({ body: passwordResetRequestSchema }),
    async (ctx) => {
      await requestPasswordReset({ db, config, logger }, ctx.state.input.body.login);
      ctx.status = 202;
      ctx.body = { message: RESET_REQUESTED };
    },
  );

  router.post(
    '/api/auth/password-reset/confirm',
    resetLimit('password-reset-confirm'),
    validate({ body: passwordResetConfirmSchema }),
    async (ctx) => {
      const { token, password } = ctx.state.input.body;
      await confirmPasswordReset(db, token, password);
      // The session this browser may have had is gone too.
      ctx.session = null;
      ctx.body = { message: RESET_DONE };
    },
  );

  router.get('/api/auth/account', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await accountOf(db, userOf(ctx));
  });

  router.patch('/api/auth/user', requireUser, validate({ body: updateProfileSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await updateProfile({ db, config }, userOf(ctx), ctx.state.input.body);
  });

  router.post('/api/auth/password', requireUser, validate({ body: changePasswordSchema }), async (ctx) => {
    await changePassword({ db, config }, ctx, userOf(ctx), ctx.state.input.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      message: 'Your password has been changed. Other devices have been signed out.',
      // The desktop console's session goes on under a new token.
      ...(ctx.state.sessionToken ? { sessionToken: ctx.state.sessionToken } : {}),
    };
  });

  router.post(
    '/api/auth/email-change/confirm',
    resetLimit('email-change-confirm'),
    validate({ body: emailChangeConfirmSchema }),
    async (ctx) => {
      // The link of an email change, or of the confirmation of the current address (decision 155).
      ctx.body = await confirmEmailLink(db, ctx.state.input.body.token);
    },
  );

  // A new link that confirms the account's current address.
  router.post('/api/auth/email-verification', requireUser, async (ctx) => {
    const email = await sendEmailVerification({ db, config }, userOf(ctx));
    ctx.status = 202;
    ctx.body = { message: `We sent a confirmation link to ${email}. It works once, for one hour.` };
  });

  return router;
}
