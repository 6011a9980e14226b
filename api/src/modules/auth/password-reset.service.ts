import type { Knex } from 'knex';
import type { Config } from '../../config';
import { BadRequest } from '../../errors';
import type { Logger } from '../../logger';
import { countRateLimitHit } from '../../middleware/rate-limit';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { enqueueMail } from '../mail/outbox';
import { User } from '../users/user.model';
import { findUserByEmail, findUserByUsername } from '../users/users.service';
import { issueAccountToken, revokeAllAccountTokens, useAccountToken } from './account-tokens';
import { assertUncommonPassword } from './common-passwords';
import { hashPassword } from '../users/password';
import { endUserSessions } from './session-store';
import { queuePasswordChangedMail } from './password-changed-mail';

/** The same answer whatever the account: nobody learns from it which usernames or emails exist. */
export const RESET_REQUESTED =
  'If an account matches, we have emailed a link to reset its password. It works once, for one hour.';
export const RESET_DONE = 'Your password has been changed and you have been signed out everywhere. Please log in.';
export const RESET_LINK_INVALID =
  'This password reset link is invalid, has already been used or has expired. Please ask for a new one.';

interface Deps {
  db: Knex;
  config: Pick<Config, 'rateLimits'>;
  logger: Logger;
}

/**
 * Sends a reset link to the account's email, if there is such an account and
 * it has an email. Past a few requests an hour per account, nothing more is
 * sent (the caller answers the same): nobody can flood someone's inbox, and
 * logging in is never affected.
 */
export async function requestPasswordReset(deps: Deps, login: string): Promise<void> {
  // Usernames cannot contain "@": the login is an email exactly when it has one.
  const user = login.includes('@') ? await findUserByEmail(deps.db, login) : await findUserByUsername(deps.db, login);
  if (user) await sendPasswordReset(deps, user);
}

/**
 * Emails an account a reset link (the same link and limits as the "forgot
 * password" page): what happened, for callers that may say so — staff sending
 * a customer the link from the console. Nothing secret is shown or set.
 * When staff send it (`sentBy`), the audit log records who, to whom and to
 * which address (`customer.password_reset_sent`), never the link.
 */
export async function sendPasswordReset(
  { db, config, logger }: Deps,
  user: User,
  sentBy?: AuditActor,
): Promise<'sent' | 'no_email' | 'too_often'> {
  if (!user.email) return 'no_email';
  const rule = config.rateLimits.passwordResetPerAccount;
  const { count } = await countRateLimitHit(db, `password-reset:account:${user.id}`, rule);
  if (count > rule.limit) {
    logger.info({ userId: user.id }, 'password reset requested too often for one account: no mail sent');
    return 'too_often';
  }
  const email = user.email;
  await db.transaction(async (trx) => {
    const { id, token } = await issueAccountToken(trx, user.id, 'password_reset');
    await enqueueMail(trx, {
      template: 'password-reset',
      to: email,
      data: { name: user.firstName || user.username, username: user.username, token },
      idempotencyKey: `password-reset:${id}`,
      secrets: [token],
    });
    if (sentBy) {
      await recordAudit(trx, sentBy, {
        action: 'customer.password_reset_sent',
        recordType: 'user',
        recordId: user.id,
        after: { username: user.username, email },
      });
    }
  });
  return 'sent';
}

/**
 * Sets a new password with a reset token: the token is used up, the account's
 * other links are voided and every session of the account ends.
 */
export async function confirmPasswordReset(db: Knex, token: string, password: string): Promise<void> {
  await assertUncommonPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (trx) => {
    const used = await useAccountToken(trx, token, 'password_reset');
    if (!used) throw new BadRequest(RESET_LINK_INVALID);
    await User.query(trx).patch({ passwordHash }).where({ id: used.userId });
    await revokeAllAccountTokens(trx, used.userId);
    await endUserSessions(trx, used.userId);
    const user = await User.query(trx).findById(used.userId);
    if (user) await queuePasswordChangedMail(trx, user, 'reset');
  });
}
