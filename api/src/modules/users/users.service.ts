import type { Knex } from 'knex';
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

export async function findUserByUsername(username: string, trx?: Knex.Transaction): Promise<User | undefined> {
  return User.query(trx).whereRaw('lower(username) = lower(?)', [username]).first();
}

export async function findUserByEmail(email: string, trx?: Knex.Transaction): Promise<User | undefined> {
  return User.query(trx).whereRaw('lower(email) = lower(?)', [email]).first();
}

export async function findUserById(id: string): Promise<User | undefined> {
  return User.query().findById(id);
}

/** Creates an account (in `trx` when given); duplicate usernames or emails (ignoring case) → 409. */
export async function createUser(input: NewUser, trx?: Knex.Transaction): Promise<User> {
  if (await findUserByUsername(input.username, trx)) throw new Conflict(USERNAME_TAKEN);
  if (input.email && (await findUserByEmail(input.email, trx))) throw new Conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    return await User.query(trx).insertAndFetch({
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
