import Router from '@koa/router';
import type { Context } from 'koa';
import {
  loginSchema,
  safeNextPath,
  SESSION_TRANSPORT_HEADER,
  signupSchema,
  TOKEN_TRANSPORT,
} from '@shared/schemas/auth';
import { twoFactorCodeSchema } from '@shared/schemas/two-factor';
import type { AppDeps } from '../../app-deps';
import { Forbidden, Unauthorized } from '../../errors';
import { currentUser, requireUser, userOf } from '../../middleware/current-user';
import { rateLimitByIp } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { auditActorOf, recordAudit } from '../audit/audit-log';
import { recordSignIn } from '../users/staff-accounts';
import type { User } from '../users/user.model';
import { findUserById, findUserByUsername, toPublicUser } from '../users/users.service';
import { authenticate, endUserSession, signup, startUserSession } from './auth.service';
import { loginThrottle, TOO_MANY_LOGINS } from './login-throttle';
import { beginTwoFactorSignIn, endTwoFactorSignIn, pendingTwoFactorUserId } from './two-factor-login';
import { useSecondFactor, WRONG_CODE } from './two-factor.service';
const TOO_MANY_SIGNUPS = 'Too many sign-up attempts from this network. Please try again later.';
/** Said only to someone who gave the account's right password: anyone else gets the usual refusal. */
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator to reactivate it.';
const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please enter your username and password again.';

/** Staff sign-ins, successful or not, go to the audit log (issue 24); clients' do not. */
async function auditStaffLogin(
  { db }: Pick<AppDeps, 'db'>,
  ctx: Context,
  user: User | undefined,
  action: 'login.succeeded' | 'login.failed',
  detail: Record<string, string>,
): Promise<void> {
  if (!user?.isStaff) return;
  await recordAudit(db, auditActorOf(ctx, user), { action, recordType: 'user', recordId: user.id, after: detail });
}

/** The desktop console asks for a bearer token instead of a cookie (decision 050). */
function wantsTokenTransport(ctx: Context): boolean {
  return ctx.state.sessionTransport === 'token' || ctx.get(SESSION_TRANSPORT_HEADER) === TOKEN_TRANSPORT;
}

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

  /** Signs the user in: a cookie, or for the desktop console a token, with what a login answers. */
  async function completeLogin(ctx: Context, user: User, method: string): Promise<void> {
    const wantsToken = wantsTokenTransport(ctx);
    if (wantsToken) ctx.state.sessionTransport = 'token';
    await throttle.succeeded(ctx, user, !wantsToken);
    await startUserSession(ctx, user);
    await recordSignIn(db, user.id);
    await auditStaffLogin({ db }, ctx, user, 'login.succeeded', { method });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = wantsToken ? { ...toPublicUser(user), sessionToken: ctx.state.sessionToken } : toPublicUser(user);
  }

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
        await auditStaffLogin({ db }, ctx, await findUserByUsername(db, username), 'login.failed', {
          reason: 'password',
        });
        throw new Unauthorized('Invalid username or password');
      }
      if (user.deactivatedAt) throw new Forbidden(ACCOUNT_DEACTIVATED);
      if (user.totpEnabledAt) {
        // The password was right; nobody is signed in until the second step (decision 169).
        if (wantsTokenTransport(ctx)) ctx.state.sessionTransport = 'token';
        await beginTwoFactorSignIn(ctx, user);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = ctx.state.sessionToken
          ? { twoFactorRequired: true, sessionToken: ctx.state.sessionToken }
          : { twoFactorRequired: true };
        return;
      }
      await completeLogin(ctx, user, 'password');
    },
  );

  // The second step of a sign-in with two-factor sign-in on: a code from the app, or a recovery code. Limited
  // per IP like passwords, in a bucket of its own (a sign-in with two steps does not cost two password tries).
  router.post(
    '/api/login/2fa',
    rateLimitByIp(db, 'login-second-step', limits.loginPerIp, TOO_MANY_LOGINS),
    validate({ body: twoFactorCodeSchema }),
    async (ctx) => {
      const userId = pendingTwoFactorUserId(ctx);
      const user = userId ? await findUserById(db, userId) : undefined;
      if (!user?.totpEnabledAt) {
        endTwoFactorSignIn(ctx);
        throw new Unauthorized(SIGN_IN_EXPIRED);
      }
      // Codes are guessed like passwords and throttled like them (decision 071).
      await throttle.check(ctx, user.username);
      const used = await db.transaction((trx) =>
        useSecondFactor(trx, config.sessionSecret, user.id, ctx.state.input.body.code),
      );
      if (!used) {
        await throttle.failed(user.username);
        await auditStaffLogin({ db }, ctx, user, 'login.failed', { reason: 'second factor' });
        throw new Unauthorized(WRONG_CODE);
      }
      endTwoFactorSignIn(ctx);
      await completeLogin(ctx, user, used === 'totp' ? 'password and code' : 'password and recovery code');
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
