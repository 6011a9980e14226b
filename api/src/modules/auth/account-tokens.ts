import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ACCOUNT_TOKEN_TTL_MINUTES } from '@shared/schemas/account';

/**
 * Single-use tokens for links sent by email. The token (32 random bytes,
 * base64url) goes into the link; the database keeps only its SHA-256: a
 * stolen copy of the table opens nothing. A token is used at most once, within
 * an hour. See docs/decisions/082-account-tokens.md.
 */
export type AccountTokenPurpose = 'password_reset' | 'email_change' | 'email_verification';

export interface AccountTokenRow {
  id: string;
  userId: string;
  purpose: AccountTokenPurpose;
  newEmail: string | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token for the user; returns its id (for the mail's idempotency key) and the token for the link. */
export async function issueAccountToken(
  trx: Knex.Transaction,
  userId: string,
  purpose: AccountTokenPurpose,
  newEmail: string | null = null,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await trx('account_tokens')
    .insert({
      userId,
      purpose,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: trx.raw(`now() + make_interval(mins => ?)`, [ACCOUNT_TOKEN_TTL_MINUTES]),
    })
    .returning<{ id: string }[]>('id');
  return { id: row!.id, token };
}

/** Uses a token: the row when it is valid (never used, not expired, of this purpose or one of these), else null. */
export async function useAccountToken(
  trx: Knex.Transaction,
  token: string,
  purpose: AccountTokenPurpose | readonly AccountTokenPurpose[],
): Promise<AccountTokenRow | null> {
  const [row] = await trx('account_tokens')
    .where({ tokenHash: hashToken(token) })
    .whereIn('purpose', typeof purpose === 'string' ? [purpose] : [...purpose])
    .whereNull('usedAt')
    .where('expiresAt', '>', trx.fn.now())
    .update({ usedAt: trx.fn.now() })
    .returning<AccountTokenRow[]>(['id', 'userId', 'purpose', 'newEmail']);
  return row ?? null;
}

/**
 * Ends every unused link of the account, whatever it is for — the purposes
 * above and any added later. A password change, a password reset and a change
 * of the email address each call it in their own transaction: a link mailed
 * before such a change (to an old address, or asked for by someone since
 * signed out) must not outlive it.
 */
export async function revokeAllAccountTokens(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('account_tokens').where({ userId }).whereNull('usedAt').update({ usedAt: trx.fn.now() });
}

/** Ends the account's unused links of one purpose: a newer link of the same kind replaces them. */
export async function supersedeAccountTokens(
  trx: Knex.Transaction,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<void> {
  await trx('account_tokens').where({ userId, purpose }).whereNull('usedAt').update({ usedAt: trx.fn.now() });
}

/** The new address waiting for confirmation, if any. */
export async function pendingEmailOf(db: Knex, userId: string): Promise<string | null> {
  const row = await db('account_tokens')
    .where({ userId, purpose: 'email_change' })
    .whereNull('usedAt')
    .where('expiresAt', '>', db.fn.now())
    .orderBy('createdAt', 'desc')
    .first<{ newEmail: string } | undefined>('newEmail');
  return row?.newEmail ?? null;
}

/** Maintenance: tokens that expired more than a day ago. */
export async function deleteExpiredAccountTokens(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    "delete from account_tokens where expires_at < now() - interval '1 day'",
  );
  return result.rowCount;
}
