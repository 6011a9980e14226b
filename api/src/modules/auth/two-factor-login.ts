import type { Context } from 'koa';
import type { User } from '../users/user.model';
import { sessionData } from './session';

/**
 * The half-done sign-in of an account with two-factor sign-in: after the
 * password, the session holds only who is signing in and until when — no
 * user is signed in (currentUser reads `userId`, which it does not have).
 * The second step (POST /api/login/2fa) completes it. A browser keeps it in
 * its session cookie; the desktop console gets a session token for it.
 */
const PENDING_MS = 5 * 60 * 1000;

interface PendingSignIn {
  userId: string;
  until: number;
}

declare module './session-store' {
  interface SessionData {
    twoFactorPending?: PendingSignIn;
  }
}

/** Ends whatever sign-in the session had and starts a half-done one, under a fresh session id. */
export async function beginTwoFactorSignIn(ctx: Context, user: User): Promise<void> {
  const data = sessionData(ctx);
  delete data.userId;
  data.twoFactorPending = { userId: user.id, until: Date.now() + PENDING_MS };
  ctx.state.user = undefined;
  ctx.state.sessionUser = undefined;
  await ctx.session?.regenerate();
}

/** The account whose sign-in this session is half-way through, or null (none, or it expired). */
export function pendingTwoFactorUserId(ctx: Context): string | null {
  const pending = ctx.session ? sessionData(ctx).twoFactorPending : undefined;
  if (!pending || typeof pending.userId !== 'string' || !(pending.until > Date.now())) return null;
  return pending.userId;
}

export function endTwoFactorSignIn(ctx: Context): void {
  if (ctx.session) delete sessionData(ctx).twoFactorPending;
}
