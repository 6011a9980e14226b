import { UniqueViolationError } from 'objection';
import type { AccountType } from '@shared/schemas/auth';
import { Conflict } from '../../errors';
import { hashPassword } from '../auth/password';
import { User } from './user.model';

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  accountType?: AccountType;
}

export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'An account with this email already exists';

export async function findUserByUsername(username: string): Promise<User | undefined> {
  return User.query().whereRaw('lower(username) = lower(?)', [username]).first();
}

export async function findUserById(id: string): Promise<User | undefined> {
  return User.query().findById(id);
}

/** Creates an account; duplicate usernames or emails (ignoring case) → 409. */
export async function createUser(input: NewUser): Promise<User> {
  if (await findUserByUsername(input.username)) throw new Conflict(USERNAME_TAKEN);
  if (input.email && (await User.query().whereRaw('lower(email) = lower(?)', [input.email]).first())) {
    throw new Conflict(EMAIL_TAKEN);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await User.query().insertAndFetch({
      username: input.username,
      passwordHash,
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      accountType: input.accountType ?? 'client',
    });
  } catch (err) {
    // Two sign-ups racing for the same name: the unique index decides.
    if (err instanceof UniqueViolationError) {
      throw new Conflict(err.constraint?.includes('email') ? EMAIL_TAKEN : USERNAME_TAKEN);
    }
    throw err;
  }
}
