import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { SignupData } from '@shared/schemas/auth';
import { createUser, findUserByUsername } from '../users/users.service';
import type { User } from '../users/user.model';
import { verifyAgainstDummy, verifyPassword } from '../users/password';
import { queueEmailVerification } from './email-verification.service';
import { assertUncommonPassword } from './common-passwords';
import { sessionData } from './session';

/** A new client account; with an email, a welcome mail in the same transaction. */
export async function signup(db: Knex, data: SignupData): Promise<User> {
  await assertUncommonPassword(data.password, 'password');
  return db.transaction(async (trx) => {
    const user = await createUser(trx, { ...data, accountType: 'client' });
    // Sign-up proves nothing about the address: the welcome mail carries the link that confirms it.
    if (user.email) await queueEmailVerification(trx, user, user.email, 'welcome');
    return user;
  });
}

/** The user whose username and password match, or null. Takes the same time either way. */
export async function authenticate(db: Knex, username: string, password: string): Promise<User | null> {
  const user = await findUserByUsername(db, username);
  if (!user) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

/**
 * Binds the session to the user under a fresh session id (no session
 * fixation). The user becomes the session's user for the rest of the request,
 * as if the session store had loaded them (currentUser reads it).
 */
export async function startUserSession(ctx: Context, user: User): Promise<void> {
  sessionData(ctx).userId = user.id;
  ctx.state.sessionUser = user;
  await ctx.session?.regenerate();
}

export function endUserSession(ctx: Context): void {
  ctx.session = null;
}
