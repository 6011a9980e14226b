import type { Knex } from 'knex';
import type { StaffMember } from '@shared/schemas/staff';
import type { StaffRole } from '@shared/staff-roles';
import { Conflict, NotFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { endUserSessions } from '../auth/session-store';
import { LAST_ACTIVE_ADMIN, lockActiveAdmins } from '../users/last-admin';
import { clearTwoFactor, findStaffMember, listStaffMembers, updateStaffAccount } from '../users/staff-accounts';
import type { User } from '../users/user.model';

export const STAFF_MEMBER_NOT_FOUND = 'Staff member not found';
export const CANNOT_DEACTIVATE_YOURSELF =
  'You cannot deactivate your own account: ask another admin to do it if it must be.';

export { listStaffMembers };

interface Caller {
  user: User;
  actor: AuditActor;
}

/**
 * Changes a staff member's role and/or whether the account is active, in one
 * transaction with its audit rows. A change that would leave no active admin
 * is refused (409), also when two arrive at once (lockActiveAdmins). A
 * deactivation ends every session of the account: REST answers 401 at once,
 * and its sockets close (4401) on every instance when the deletes commit.
 */
export async function updateStaffMember(
  db: Knex,
  caller: Caller,
  id: string,
  change: { role?: StaffRole; active?: boolean },
): Promise<StaffMember> {
  if (change.active === false && id === caller.user.id) throw new Conflict(CANNOT_DEACTIVATE_YOURSELF);
  return db.transaction(async (trx) => {
    const takesAdminAway = (change.role !== undefined && change.role !== 'admin') || change.active === false;
    if (takesAdminAway) {
      // Locks every active admin's row and this account's, in one order, before anything is read.
      const admins = await lockActiveAdmins(trx, id);
      if (admins.isActiveAdmin && admins.otherActiveAdmins === 0) throw new Conflict(LAST_ACTIVE_ADMIN);
    }
    const before = await findStaffMember(trx, id, { forUpdate: true });
    if (!before) throw new NotFound(STAFF_MEMBER_NOT_FOUND);
    const role = change.role !== undefined && change.role !== before.role ? change.role : undefined;
    const active = change.active !== undefined && change.active !== before.active ? change.active : undefined;
    await updateStaffAccount(trx, id, { role, active });
    const record = { recordType: 'user', recordId: id };
    if (role !== undefined) {
      await recordAudit(trx, caller.actor, {
        action: 'staff.role_changed',
        ...record,
        before: { username: before.username, role: before.role },
        after: { username: before.username, role },
      });
    }
    if (active === false) {
      await endUserSessions(trx, id);
      await recordAudit(trx, caller.actor, {
        action: 'staff.deactivated',
        ...record,
        before: { username: before.username, active: true },
        after: { username: before.username, active: false },
      });
    }
    if (active === true) {
      await recordAudit(trx, caller.actor, {
        action: 'staff.reactivated',
        ...record,
        before: { username: before.username, active: false },
        after: { username: before.username, active: true },
      });
    }
    return (await findStaffMember(trx, id))!;
  });
}

/**
 * Turns a staff member's two-factor sign-in off (a lost phone): the secret
 * and recovery codes go, and so do the account's sessions; the member signs
 * in with the password and sets two-factor up again.
 */
export async function resetTwoFactor(db: Knex, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const member = await findStaffMember(trx, id, { forUpdate: true });
    if (!member) throw new NotFound(STAFF_MEMBER_NOT_FOUND);
    await clearTwoFactor(trx, id);
    await endUserSessions(trx, id);
    await recordAudit(trx, caller.actor, {
      action: 'staff.2fa_reset',
      recordType: 'user',
      recordId: id,
      before: { username: member.username, twoFactor: member.twoFactor },
      after: { username: member.username, twoFactor: false },
    });
  });
}
