import Router from '@koa/router';
import type { Context } from 'koa';
import {
  loginSchema,
  safeNextPath,
  SESSION_TRANSPORT_HEADER,
  signupSchema,
  TOKEN_TRANSPORT,
} from '@shared/schemas/auth';
import type { AppDeps } from '../../app-deps';
import { Forbidden, Unauthorized } from '../../errors';
import { currentUser, requireUser, userOf } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { recordSignIn } from '../users/staff-accounts';
import { toPublicUser } from '../users/users.service';
import { authenticate, endUserSession, signup, startUserSession } from './auth.service';
import { loginThrottle, TOO_MANY_LOGINS } from './login-throttle';
const TOO_MANY_SIGNUPS = 'Too many sign-up attempts from this network. Please try again later.';
/** Said only to someone who gave the account's right password: anyone else gets the usual refusal. */
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator to reactivate it.';

/** Where a logged-out visitor was going: ?next=, else the page that sent them here. */
function returnPath(ctx: Context): string {
  if (ctx.query.next !== undefined) return safeNextPath(ctx.query.next, '');
  const referer = ctx.get('referer');
  if (!referer) return '';
  try {
    const url = new URL(referer);
    if (url.host !== ctx.host) return '';
    const path = `${url.pathname}${url.search}`;
    return path === '/login' || path.startsWith('/login?') ? '' : safeNextPath(path, '');
  } catch {
    return '';
  }
}

export function authRoutes({ db, config }: AppDeps): Router {
  const router = new Router();
  const limits = config.rateLimits;
  const throttle = loginThrottle(db, config);

  router.post(
    '/api/signup',
    rateLimitByIp(db, 'signup', limits.signupPerIp, TOO_MANY_SIGNUPS),
    validate({ body: signupSchema }),
    async (ctx) => {
      const user = await signup(db, ctx.state.input.body);
      await startUserSession(ctx, user);
      ctx.status = 201;
      ctx.body = toPublicUser(user);
    },
  );

  router.post(
    '/api/login',
    rateLimitByIp(db, 'login', limits.loginPerIp, TOO_MANY_LOGINS),
    validate({ body: loginSchema }),
    async (ctx) => {
      const { username, password } = ctx.state.input.body;
      // Per username and IP, and per username from everywhere for unknown clients only (decision 071).
      await throttle.check(ctx, username);
      const user = await authenticate(db, username, password);
      if (!user) {
        await throttle.failed(username);
        throw new Unauthorized('Invalid username or password');
      }
      if (user.deactivatedAt) throw new Forbidden(ACCOUNT_DEACTIVATED);
      // The desktop console asks for a bearer token instead of a cookie (decision 050).
      const wantsToken = ctx.get(SESSION_TRANSPORT_HEADER) === TOKEN_TRANSPORT;
      if (wantsToken) ctx.state.sessionTransport = 'token';
      await throttle.succeeded(ctx, user, !wantsToken);
      await startUserSession(ctx, user);
      await recordSignIn(db, user.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = wantsToken ? { ...toPublicUser(user), sessionToken: ctx.state.sessionToken } : toPublicUser(user);
    },
  );

  router.post('/api/logout', async (ctx) => {
    endUserSession(ctx);
    ctx.status = 204;
  });

  router.get('/api/auth/user', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = toPublicUser(userOf(ctx));
  });

  // Like /api/auth/user but never 401: public pages ask it without logging a failed request.
  router.get('/api/auth/session', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const user = currentUser(ctx);
    ctx.body = { user: user ? toPublicUser(user) : null };
  });

  // The spec sends logged-out visitors here; the login page brings them back.
  router.get('/api/login', async (ctx) => {
    const next = returnPath(ctx);
    ctx.redirect(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  });

  return router;
}
