import { createHash, randomInt } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { RECOVERY_CODE_COUNT, type TwoFactorSetupAnswer } from '@shared/schemas/two-factor';
import type { Config } from '../../config';
import { BadRequest, Conflict, HttpError } from '../../errors';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { auditActorOf, recordAudit } from '../audit/audit-log';
import { verifyPassword } from '../users/password';
import { User } from '../users/user.model';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp';
import { openTotpSecret, sealTotpSecret } from './totp-secret-box';

/**
 * Two-factor sign-in for an account: setting it up, turning it on and off,
 * and checking a second factor — a TOTP code (each time step accepted once)
 * or a recovery code (each used once). Decision 169.
 */

interface Deps {
  db: Knex;
  config: Pick<Config, 'sessionSecret' | 'rateLimits'>;
}

export const WRONG_CODE = 'That code is not right. Enter the current 6-digit code from your app, or a recovery code.';
const TOO_MANY_CODES = 'Too many attempts. Please wait a few minutes and try again.';
const UNREADABLE_SECRET =
  'Two-factor sign-in cannot be checked for this account (the server key changed). Ask an administrator to reset it.';

// Crockford's base32 without look-alikes: 10 characters, 50 bits per code.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed (any case, spaces or dashes) in the one form it is hashed in. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`recovery-code:${normalizeRecoveryCode(code)}`, 'utf8')
    .digest('hex');
}

function secretOf(user: Pick<User, 'totpSecret'>, serverSecret: string): string | null {
  if (!user.totpSecret) return null;
  const secret = openTotpSecret(user.totpSecret, serverSecret);
  if (secret === null) throw new HttpError(409, UNREADABLE_SECRET);
  return secret;
}

/** The account row, locked for the rest of the transaction: two requests never both use one code. */
async function lockedUser(trx: Knex.Transaction, userId: string): Promise<User | undefined> {
  return User.query(trx).findById(userId).forUpdate();
}

/**
 * Whether `code` is a second factor of the account, using it up if so: a TOTP
 * code of a later time step than any accepted before (within ±1 step of now),
 * or an unused recovery code. Call inside the transaction that acts on it.
 */
export async function useSecondFactor(
  trx: Knex.Transaction,
  serverSecret: string,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<'totp' | 'recovery_code' | null> {
  const user = await lockedUser(trx, userId);
  if (!user?.totpEnabledAt) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotpStep(secretOf(user, serverSecret)!, trimmed, now);
    if (step === null || (user.totpLastStep !== null && step <= Number(user.totpLastStep))) return null;
    await User.query(trx).patch({ totpLastStep: step }).where({ id: userId });
    return 'totp';
  }
  const used = await trx('user_recovery_codes')
    .update({ usedAt: trx.fn.now() })
    .where({ userId, codeHash: hashRecoveryCode(trimmed) })
    .whereNull('usedAt');
  return used > 0 ? 'recovery_code' : null;
}

async function limitCodeAttempts({ db, config }: Deps, user: User): Promise<void> {
  await consumeRateLimit(db, `two-factor:user:${user.id}`, config.rateLimits.passwordChangePerUser, TOO_MANY_CODES);
}

/** A new secret for the account, waiting for a code from it (enableTwoFactor). 409 when it is already on. */
export async function setUpTwoFactor({ db, config }: Deps, user: User): Promise<TwoFactorSetupAnswer> {
  if (user.totpEnabledAt) throw new Conflict('Two-factor sign-in is already on. Turn it off first to set it up again.');
  const secret = newTotpSecret();
  await User.query(db)
    .patch({ totpSecret: sealTotpSecret(secret, config.sessionSecret), totpLastStep: null })
    .where({ id: user.id })
    .whereNull('totpEnabledAt');
  return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
}

/**
 * Turns two-factor sign-in on with a code from the secret set up, and returns
 * the recovery codes (stored hashed: shown this once).
 */
export async function enableTwoFactor(deps: Deps, ctx: Context, user: User, code: string): Promise<string[]> {
  await limitCodeAttempts(deps, user);
  return deps.db.transaction(async (trx) => {
    const current = await lockedUser(trx, user.id);
    if (!current) throw new Conflict('This account no longer exists');
    if (current.totpEnabledAt) throw new Conflict('Two-factor sign-in is already on');
    const secret = secretOf(current, deps.config.sessionSecret);
    if (!secret) throw new Conflict('Set up two-factor sign-in first: there is no secret to confirm');
    const step = matchTotpStep(secret, code.trim());
    if (step === null) throw new BadRequest(`code: ${WRONG_CODE}`);
    await User.query(trx).patch({ totpEnabledAt: new Date(), totpLastStep: step }).where({ id: user.id });
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await trx('user_recovery_codes').where({ userId: user.id }).delete();
    await trx('user_recovery_codes').insert(
      recoveryCodes.map((recoveryCode) => ({ userId: user.id, codeHash: hashRecoveryCode(recoveryCode) })),
    );
    await recordAudit(trx, auditActorOf(ctx, user), {
      action: 'account.2fa_enabled',
      recordType: 'user',
      recordId: user.id,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
    return recoveryCodes;
  });
}

/** Turns two-factor sign-in off, with the password and a code. Admins may not (409): it is required for them. */
export async function disableTwoFactor(
  deps: Deps,
  ctx: Context,
  user: User,
  input: { password: string; code: string },
): Promise<void> {
  if (user.mustUseTwoFactor) {
    throw new Conflict('Two-factor sign-in is required for administrators: it cannot be turned off');
  }
  if (!user.totpEnabledAt) throw new Conflict('Two-factor sign-in is not on');
  await limitCodeAttempts(deps, user);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new BadRequest('password: Password is incorrect');
  }
  await deps.db.transaction(async (trx) => {
    if (!(await useSecondFactor(trx, deps.config.sessionSecret, user.id, input.code))) {
      throw new BadRequest(`code: ${WRONG_CODE}`);
    }
    await User.query(trx).patch({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where({ id: user.id });
    await trx('user_recovery_codes').where({ userId: user.id }).delete();
    await recordAudit(trx, auditActorOf(ctx, user), {
      action: 'account.2fa_disabled',
      recordType: 'user',
      recordId: user.id,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
  });
}

/** How many recovery codes the account has left. */
export async function unusedRecoveryCodes(db: Knex, userId: string): Promise<number> {
  const row = await db('user_recovery_codes').where({ userId }).whereNull('usedAt').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
