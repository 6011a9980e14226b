import type { Knex } from 'knex';
import type { Config } from '../../config';
import { Conflict } from '../../errors';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { enqueueMail } from '../mail/outbox';
import type { User } from '../users/user.model';
import { issueAccountToken, supersedeAccountTokens } from './account-tokens';

/**
 * Proving an account's address is its owner's: a link mailed to it (with the
 * welcome mail, or asked for from the Account page) that, once opened, marks
 * the address verified (account.service.ts, confirmEmailLink). Only a verified
 * address ties anything found by email to the account (decision 155).
 */

const TOO_MANY_CONFIRMATIONS = 'You have asked for several confirmation emails. Please try again in an hour.';

interface Deps {
  db: Knex;
  config: Pick<Config, 'rateLimits'>;
}

/**
 * Mails the account's current address a link that confirms it (the same
 * limit as email changes). 409 without an address, or when it is confirmed.
 */
export async function sendEmailVerification({ db, config }: Deps, user: User): Promise<string> {
  const email = user.email;
  if (!email) throw new Conflict('Your account has no email address to confirm. Enter one first.');
  if (user.verifiedEmail) throw new Conflict(`Your email address ${email} is already confirmed.`);
  await consumeRateLimit(
    db,
    `email-verification:user:${user.id}`,
    config.rateLimits.emailChangePerUser,
    TOO_MANY_CONFIRMATIONS,
  );
  await db.transaction(async (trx) => {
    await supersedeAccountTokens(trx, user.id, 'email_verification');
    await queueEmailVerification(trx, user, email, 'email-verification');
  });
  return email;
}

/**
 * A link that confirms `email` as the account's: in a mail of its own, or in
 * the welcome mail at sign-up. Returns nothing; the token exists in the mail
 * alone (a secret of it: the outbox never shows it to staff in production).
 */
export async function queueEmailVerification(
  trx: Knex.Transaction,
  user: User,
  email: string,
  template: 'email-verification' | 'welcome',
): Promise<void> {
  const { id, token } = await issueAccountToken(trx, user.id, 'email_verification', email);
  const name = user.firstName || user.username;
  if (template === 'welcome') {
    await enqueueMail(trx, {
      template: 'welcome',
      to: email,
      data: { name, username: user.username, verifyToken: token },
      idempotencyKey: `welcome:${user.id}`,
    });
    return;
  }
  await enqueueMail(trx, {
    template: 'email-verification',
    to: email,
    data: { name, username: user.username, email, token },
    idempotencyKey: `email-verification:${id}`,
  });
}
