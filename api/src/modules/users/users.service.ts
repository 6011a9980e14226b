import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import type { AccountType, PublicUser } from '@shared/schemas/auth';
import type { StaffRole } from '@shared/staff-roles';
import { Conflict } from '../../errors';
import { hashPassword } from './password';
import { User } from './user.model';

interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  accountType?: AccountType;
  /** A staff account's role; staff without one are admins (what every staff account was before roles). */
  staffRole?: StaffRole;
  /** The email is proven the owner's already (it came with a link mailed to it: a staff invitation). */
  emailVerified?: boolean;
}

const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'An account with this email already exists';

export async function findUserByUsername(db: Knex, username: string): Promise<User | undefined> {
  return User.query(db).whereRaw('lower(username) = lower(?)', [username]).first();
}

export async function findUserById(db: Knex, id: string): Promise<User | undefined> {
  return User.query(db).findById(id);
}

export async function findUserByEmail(db: Knex, email: string): Promise<User | undefined> {
  return User.query(db).whereRaw('lower(email) = lower(?)', [email]).first();
}

/**
 * The plan a client is on now, by name: their subscription's plan while it is
 * active or in trial; null for anyone else (no plan, one that lapsed, staff).
 */
export async function activePlanOf(db: Knex | Knex.Transaction, userId: string): Promise<string | null> {
  const row = (await db('users')
    .select('subscriptionPlan')
    .where({ id: userId, accountType: 'client' })
    .whereIn('subscriptionStatus', ['active', 'trialing'])
    .first()) as { subscriptionPlan: string | null } | undefined;
  return row?.subscriptionPlan ?? null;
}

/** Creates an account (in `db`, which may be a transaction); duplicate usernames or emails (ignoring case) → 409. */
export async function createUser(db: Knex, input: NewUser): Promise<User> {
  if (await findUserByUsername(db, input.username)) throw new Conflict(USERNAME_TAKEN);
  if (input.email && (await findUserByEmail(db, input.email))) throw new Conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    return await User.query(db).insertAndFetch({
      username: input.username,
      passwordHash,
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      emailVerifiedAt: input.emailVerified && input.email ? new Date() : null,
      accountType: input.accountType ?? 'client',
      staffRole: input.accountType === 'staff' ? (input.staffRole ?? 'admin') : null,
    });
  } catch (err) {
    // Two sign-ups racing for the same name: the unique index decides.
    if (err instanceof UniqueViolationError) {
      throw new Conflict(err.constraint?.includes('email') ? EMAIL_TAKEN : USERNAME_TAKEN);
    }
    throw err;
  }
}

/**
 * Makes an account staff or client. Open chat sockets of the account see it at
 * once, on every instance: the change is announced by a trigger on
 * `users.account_type` (the live layer's `accounts` channel,
 * api/src/live/channels.ts). Returns the account as it now is, or undefined
 * when there is none with this id.
 */
export async function setAccountType(
  db: Knex,
  userId: string,
  accountType: AccountType,
  staffRole: StaffRole = 'admin',
): Promise<User | undefined> {
  return User.query(db).patchAndFetchById(userId, {
    accountType,
    staffRole: accountType === 'staff' ? staffRole : null,
  });
}

/** An account as the API shows it to its owner (never the password hash). */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    accountType: user.accountType,
    staffRole: user.isStaff ? user.staffRole : null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
