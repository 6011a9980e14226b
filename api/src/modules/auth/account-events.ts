import { isUuid } from '@shared/schemas/text';

/**
 * "Something about this account changed that open connections must see at
 * once": a session of it ended, or its role changed
 * (docs/decisions/079-account-changes-reach-open-sockets.md).
 *
 * PostgreSQL announces these changes itself, so no code path can forget them:
 * triggers (migration 20261123079000) publish `{"userId": …}` on this channel
 * when rows of `sessions` are deleted (logout, `endUserSessions`, expiry, a
 * deleted account) and when `users.account_type` changes (`setAccountType`,
 * `npm run user:role`, or an UPDATE by hand), delivered on commit. Every API
 * instance listens (on the chat's event connection) and makes that account's
 * open chat sockets read their session again: ended → closed with 4401, no
 * longer staff → closed with 4403.
 */
export const ACCOUNT_CHANNEL = 'northstar_accounts';

/** The account an announcement names, or null for a payload that is not one. */
export function accountOfAnnouncement(payload: string): string | null {
  try {
    const parsed = JSON.parse(payload) as { userId?: unknown } | null;
    return isUuid(parsed?.userId) ? parsed.userId : null;
  } catch {
    return null;
  }
}
