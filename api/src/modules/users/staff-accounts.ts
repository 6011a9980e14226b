import type { Knex } from 'knex';
import type { StaffMember } from '@shared/schemas/staff';
import { rolesWith, type Permission, type StaffRole } from '@shared/staff-roles';

/**
 * Staff accounts as the console's Staff screen sees them: role, active or
 * not, two-factor on or off, last sign-in. The staff module changes them
 * through these functions (the users table is this module's).
 */
interface StaffAccountRow {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  staffRole: StaffRole;
  deactivatedAt: Date | null;
  lastSignInAt: Date | null;
  twoFactor: boolean;
}

const staffColumns = (db: Knex) =>
  db('users')
    .where({ accountType: 'staff' })
    .select<StaffAccountRow[]>(
      'id',
      'username',
      'email',
      'firstName',
      'lastName',
      'staffRole',
      'deactivatedAt',
      'lastSignInAt',
      db.raw('totp_enabled_at is not null as two_factor'),
    );

export function toStaffMember(row: StaffAccountRow): StaffMember {
  return {
    id: row.id,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    username: row.username,
    email: row.email,
    role: row.staffRole,
    active: row.deactivatedAt === null,
    twoFactor: row.twoFactor,
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  };
}

/** Every staff account, active ones first, then by username. */
export async function listStaffMembers(db: Knex): Promise<StaffMember[]> {
  const rows = await staffColumns(db).orderByRaw('deactivated_at is not null, lower(username)');
  return rows.map(toStaffMember);
}

/** One staff account, or undefined (no such account, or a client's); `forUpdate` locks its row. */
export async function findStaffMember(
  db: Knex,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StaffMember | undefined> {
  const query = staffColumns(db).where({ id });
  if (options.forUpdate) query.forUpdate();
  const row = await query.first();
  return row ? toStaffMember(row) : undefined;
}

/**
 * Sets a staff account's role and/or whether it is active (deactivated now,
 * or active again). Open sockets hear of it on every instance (the trigger
 * on users, live/channels.ts `accounts`).
 */
export async function updateStaffAccount(
  trx: Knex.Transaction,
  id: string,
  change: { role?: StaffRole; active?: boolean },
): Promise<void> {
  const patch: Record<string, unknown> = {};
  if (change.role !== undefined) patch.staffRole = change.role;
  if (change.active !== undefined) patch.deactivatedAt = change.active ? null : trx.fn.now();
  if (Object.keys(patch).length === 0) return;
  await trx('users')
    .where({ id, accountType: 'staff' })
    .update({ ...patch, updatedAt: trx.fn.now() });
}

/**
 * Turns two-factor sign-in off for an account: its secret, when it was
 * enabled, and its recovery codes. The account sets it up again.
 */
export async function clearTwoFactor(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('users')
    .where({ id })
    .update({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: trx.fn.now() });
  await trx('user_recovery_codes').where({ userId: id }).delete();
}

/** Notes a successful sign-in (the Staff screen's "last sign-in"). */
export async function recordSignIn(db: Knex, id: string): Promise<void> {
  await db('users').where({ id }).update({ lastSignInAt: db.fn.now() });
}

/** A user's display name in SQL: first and last name, or the username (as User.displayName). */
export const staffNameSql = (alias: string) =>
  `coalesce(nullif(concat_ws(' ', ${alias}.first_name, ${alias}.last_name), ''), ${alias}.username)`;

/**
 * An active staff account whose role holds `permission`, with its display
 * name: whom a chat or ticket may be assigned to (decision 156). Null for
 * anyone else (a client, a deactivated account, a role without it).
 */
export async function assignableStaff(
  db: Knex | Knex.Transaction,
  id: string,
  permission: Permission,
): Promise<{ id: string; name: string } | null> {
  const row = (await db('users as u')
    .select('u.id', db.raw(`${staffNameSql('u')} as name`))
    .where({ 'u.id': id, 'u.accountType': 'staff' })
    .whereIn('u.staffRole', rolesWith(permission))
    .whereNull('u.deactivatedAt')
    .first()) as { id: string; name: string } | undefined;
  return row ?? null;
}

/**
 * Of `ids`, the active staff accounts whose role holds every one of
 * `needed`, with their display names, by id: whom the automatic assignment
 * may give chats and tickets (support and admin today, decision 187).
 */
export async function staffHolding(
  db: Knex | Knex.Transaction,
  ids: string[],
  needed: readonly Permission[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  const roles = needed.reduce<StaffRole[]>(
    (held, permission) => held.filter((role) => rolesWith(permission).includes(role)),
    [...rolesWith(needed[0]!)],
  );
  return (await db('users as u')
    .select('u.id', db.raw(`${staffNameSql('u')} as name`))
    .whereIn('u.id', ids)
    .where('u.accountType', 'staff')
    .whereIn('u.staffRole', roles)
    .whereNull('u.deactivatedAt')
    .orderBy('u.id')) as { id: string; name: string }[];
}
