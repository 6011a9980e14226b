import type { Context, Middleware } from 'koa';
import { TWO_FACTOR_SETUP_MESSAGE, TWO_FACTOR_SETUP_REQUIRED } from '@shared/schemas/two-factor';
import { permissions, type Permission } from '@shared/staff-roles';
import { Forbidden, Unauthorized } from '../errors';
import { answerWithError } from './error-handler';
import type { User } from '../modules/users/user.model';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    user?: User;
  }
}

/**
 * The logged-in user, or null. The session layer loads the session's user
 * with the session itself (session-store.ts) and sets it on login
 * (startUserSession), so nothing is read from the database here.
 */
export function currentUser(ctx: Context): User | null {
  if (ctx.state.user) return ctx.state.user;
  const userId = ctx.session?.userId as unknown;
  if (typeof userId !== 'string') return null;
  const user = ctx.state.sessionUser?.id === userId ? ctx.state.sessionUser : null;
  if (!user) {
    // The account is gone: the session must not outlive it.
    ctx.session = null;
    return null;
  }
  if (user.deactivatedAt) {
    // A deactivated account's sessions end with the deactivation; one left over (a sign-in racing it) is no sign-in.
    ctx.session = null;
    return null;
  }
  ctx.state.user = user;
  return user;
}

/** Loads the user when there is one; the route decides what to do without. */
export const optionalUser: Middleware = async function optionalUser(ctx, next) {
  currentUser(ctx);
  await next();
};

export const requireUser: Middleware = async function requireUser(ctx, next) {
  if (!currentUser(ctx)) return answerWithError(ctx, new Unauthorized());
  await next();
};

/**
 * An admin without two-factor sign-in reaches no console path until they set
 * it up (decision 169): 403 with a `code` the console turns into a redirect
 * to the setup page. Returns whether it answered.
 */
function refuseWithoutTwoFactor(ctx: Context, user: User): boolean {
  if (!user.mustUseTwoFactor || user.twoFactorEnabled) return false;
  ctx.status = 403;
  ctx.body = { message: TWO_FACTOR_SETUP_MESSAGE, code: TWO_FACTOR_SETUP_REQUIRED };
  return true;
}

/** Staff only, decided by the account type stored on the server. */
export const requireStaff: Middleware = async function requireStaff(ctx, next) {
  const user = currentUser(ctx);
  if (!user) return answerWithError(ctx, new Unauthorized());
  if (!user.isStaff) return answerWithError(ctx, new Forbidden('Staff only'));
  if (refuseWithoutTwoFactor(ctx, user)) return;
  await next();
};

/** The 403 for an account whose role lacks a permission: it names the role and what is missing. */
export function permissionRefusal(user: Pick<User, 'isStaff' | 'staffRole'>, permission: Permission): Forbidden {
  if (!user.isStaff) return new Forbidden('Staff only');
  return new Forbidden(
    `Your role (${user.staffRole}) may not ${permissions[permission]}: this needs the ${permission} permission`,
  );
}

/** For a route that mixes things: throws the 403 naming the permission when the user lacks it. */
export function assertMay(user: Pick<User, 'isStaff' | 'staffRole' | 'may'>, permission: Permission): void {
  if (!user.may(permission)) throw permissionRefusal(user, permission);
}

/**
 * Staff whose role grants the permission (shared/src/staff-roles.ts). Anyone
 * else: 401 without a session, 403 naming what is missing.
 */
export function requirePermission(permission: Permission): Middleware {
  return async function requirePermissionMiddleware(ctx, next) {
    const user = currentUser(ctx);
    if (!user) return answerWithError(ctx, new Unauthorized());
    if (!user.isStaff) return answerWithError(ctx, new Forbidden('Staff only'));
    if (refuseWithoutTwoFactor(ctx, user)) return;
    if (!user.may(permission)) return answerWithError(ctx, permissionRefusal(user, permission));
    await next();
  };
}

/**
 * For routes shared by clients and staff (a ticket's thread, an invoice): a
 * staff account must also hold the permission; clients pass on to the route,
 * which decides what is theirs.
 */
export function staffNeed(permission: Permission): Middleware {
  return async function staffNeedMiddleware(ctx, next) {
    const user = currentUser(ctx);
    if (user?.isStaff && refuseWithoutTwoFactor(ctx, user)) return;
    if (user?.isStaff && !user.may(permission)) return answerWithError(ctx, permissionRefusal(user, permission));
    await next();
  };
}

export function userOf(ctx: Context): User {
  const user = ctx.state.user;
  if (!user) throw new Unauthorized();
  return user;
}
