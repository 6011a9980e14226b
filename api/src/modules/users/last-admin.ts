import type { Knex } from 'knex';
import { Conflict } from '../../errors';

export const LAST_ACTIVE_ADMIN =
  'This is the last active admin account: make another staff member an admin (or reactivate one) first.';

const ACTIVE_ADMIN = "account_type = 'staff' and staff_role = 'admin' and deactivated_at is null";

/**
 * Locks the rows of every active admin and of the account itself, in id
 * order, and says whether the account is an active admin and how many
 * others are. Every change that can take admin access away goes through
 * here, so two of them at once are serialised: the second waits for the
 * first, then PostgreSQL reads the rows it waited for again and drops those
 * that are no longer active admins. One order for every such change: no
 * deadlock between them.
 */
export async function lockActiveAdmins(
  trx: Knex.Transaction,
  userId: string,
): Promise<{ isActiveAdmin: boolean; otherActiveAdmins: number }> {
  const { rows } = await trx.raw<{ rows: { id: string; active_admin: boolean }[] }>(
    `select id, (${ACTIVE_ADMIN}) as active_admin from users
      where (${ACTIVE_ADMIN}) or id = ?
      order by id
      for update`,
    [userId],
  );
  return {
    isActiveAdmin: rows.some((row) => row.id === userId && row.active_admin),
    otherActiveAdmins: rows.filter((row) => row.id !== userId && row.active_admin).length,
  };
}

/** The CLI's and the tests' name for the same message. */
export const LAST_ADMIN = LAST_ACTIVE_ADMIN;

/**
 * Throws 409 when `userId` is the last active admin: call it, inside the
 * transaction, before demoting or deactivating an account. Holds the admins'
 * row locks until the transaction ends.
 */

export async function assertAnotherActiveAdmin(trx: Knex.Transaction, userId: string): Promise<void> {
  const { isActiveAdmin, otherActiveAdmins } = await lockActiveAdmins(trx, userId);
  // An account that is not an active admin changes no admin's count.
  if (isActiveAdmin && otherActiveAdmins === 0) throw new Conflict(LAST_ACTIVE_ADMIN);
}
