import type { Context } from 'koa';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import type { Account, UpdateProfileInput } from '@shared/schemas/account';
import type { Config } from '../../config';
import { BadRequest, Conflict } from '../../errors';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { enqueueMail } from '../mail/outbox';
import { User } from '../users/user.model';
import { EMAIL_TAKEN, findUserByEmail, toPublicUser } from '../users/users.service';
import {
  issueAccountToken,
  pendingEmailOf,
  revokeAllAccountTokens,
  supersedeAccountTokens,
  useAccountToken,
} from './account-tokens';
import { startUserSession } from './auth.service';
import { assertUncommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from '../users/password';
import { endUserSessions } from './session-store';
import { queuePasswordChangedMail } from './password-changed-mail';

export const EMAIL_LINK_INVALID =
  'This confirmation link is invalid, has already been used or has expired. Please enter your new email address again on your Account page.';
const TOO_MANY_EMAIL_CHANGES = 'You have asked for several confirmation emails. Please try again in an hour.';
const TOO_MANY_PASSWORD_CHANGES = 'Too many attempts to change your password. Please wait a few minutes and try again.';

interface Deps {
  db: Knex;
  config: Pick<Config, 'rateLimits'>;
}

/** The user as their Account page shows them, with a new email waiting for confirmation. */
export async function accountOf(db: Knex, user: User): Promise<Account> {
  return {
    ...toPublicUser(user),
    pendingEmail: await pendingEmailOf(db, user.id),
    emailVerified: !!user.verifiedEmail,
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorRequired: user.mustUseTwoFactor,
  };
}

/**
 * Changes the profile fields given. Names change at once. A new email is not
 * set: a link to confirm it is sent to it (the previous unconfirmed one stops
 * working). An empty email removes the address at once.
 */
export async function updateProfile({ db, config }: Deps, user: User, input: UpdateProfileInput): Promise<Account> {
  const changes: Partial<Pick<User, 'firstName' | 'lastName' | 'email' | 'emailVerifiedAt'>> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  const email = input.email === undefined ? undefined : (input.email ?? null);
  const newEmail = email && email !== user.email?.toLowerCase() ? email : null;
  if (email === null) Object.assign(changes, { email: null, emailVerifiedAt: null });
  if (newEmail) {
    const owner = await findUserByEmail(db, newEmail);
    if (owner && owner.id !== user.id) throw new Conflict(EMAIL_TAKEN);
    await consumeRateLimit(
      db,
      `email-change:user:${user.id}`,
      config.rateLimits.emailChangePerUser,
      TOO_MANY_EMAIL_CHANGES,
    );
  }
  await db.transaction(async (trx) => {
    if (Object.keys(changes).length > 0) await User.query(trx).patch(changes).where({ id: user.id });
    // A removed address is an email change: no link mailed before it may outlive it.
    if (email === null) await revokeAllAccountTokens(trx, user.id);
    // A re-entered current address, or a newer one, cancels a change waiting for confirmation.
    else if (email !== undefined) await supersedeAccountTokens(trx, user.id, 'email_change');
    if (newEmail) {
      const { id, token } = await issueAccountToken(trx, user.id, 'email_change', newEmail);
      const firstName = changes.firstName !== undefined ? changes.firstName : user.firstName;
      await enqueueMail(trx, {
        template: 'email-change',
        to: newEmail,
        data: { name: firstName || user.username, username: user.username, newEmail, token },
        idempotencyKey: `email-change:${id}`,
        secrets: [token],
      });
    }
  });
  const updated = await User.query(db).findById(user.id);
  return accountOf(db, updated!);
}

/**
 * Uses a link mailed to an address: an email change sets the new address, a
 * verification confirms the current one. Either way the address is then
 * verified: whoever opened the link reads that mailbox. 400 for a link that
 * is not valid (or whose address is no longer the account's); 409 if another
 * account took the new address meanwhile.
 */
export async function confirmEmailLink(db: Knex, token: string): Promise<{ email: string; message: string }> {
  try {
    return await db.transaction(async (trx) => {
      const used = await useAccountToken(trx, token, ['email_change', 'email_verification']);
      if (!used?.newEmail) throw new BadRequest(EMAIL_LINK_INVALID);
      if (used.purpose === 'email_verification') {
        const confirmed = await User.query(trx)
          .patch({ emailVerifiedAt: new Date() })
          .where({ id: used.userId })
          .whereRaw('lower(email) = lower(?)', [used.newEmail]);
        if (confirmed === 0) throw new BadRequest(EMAIL_LINK_INVALID);
        return { email: used.newEmail, message: `Your email address ${used.newEmail} is confirmed.` };
      }
      await User.query(trx).patch({ email: used.newEmail, emailVerifiedAt: new Date() }).where({ id: used.userId });
      // Every other link ends: a reset link mailed to the old address among them.
      await revokeAllAccountTokens(trx, used.userId);
      return { email: used.newEmail, message: `Your email address is now ${used.newEmail}.` };
    });
  } catch (err) {
    if (err instanceof UniqueViolationError) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Changes the password of the logged-in user, who proves they know the
 * current one. Every other session of the account ends; this one continues
 * under a new session id.
 */
export async function changePassword(
  { db, config }: Deps,
  ctx: Context,
  user: User,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await consumeRateLimit(
    db,
    `password-change:user:${user.id}`,
    config.rateLimits.passwordChangePerUser,
    TOO_MANY_PASSWORD_CHANGES,
  );
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new BadRequest('currentPassword: Current password is incorrect');
  }
  if (input.newPassword === input.currentPassword) {
    throw new BadRequest('newPassword: Choose a password different from your current one');
  }
  await assertUncommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (trx) => {
    await User.query(trx).patch({ passwordHash }).where({ id: user.id });
    // Every link ends: an email change asked for by someone this change signs out among them.
    await revokeAllAccountTokens(trx, user.id);
    await endUserSessions(trx, user.id);
    await queuePasswordChangedMail(trx, user, 'changed');
  });
  // This session was among those ended: it goes on under a new id, saved now.
  await startUserSession(ctx, user);
}
