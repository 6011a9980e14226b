import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AccountType } from '@shared/schemas/auth';
import type { StaffRole } from '@shared/staff-roles';
import type { User } from '../modules/users/user.model';
import { createUser } from '../modules/users/users.service';

export interface BuiltUser {
  user: User;
  username: string;
  password: string;
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** A real account in the database; returns the plain password for logging in. */
export async function buildUser(
  db: Knex,
  options: {
    accountType?: AccountType;
    /** For staff: the role (admin when left out). */
    staffRole?: StaffRole;
    username?: string;
    password?: string;
    email?: string | null;
    firstName?: string;
  } = {},
): Promise<BuiltUser> {
  const username = options.username ?? uniqueName(options.accountType === 'staff' ? 'staff' : 'client');
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const user = await createUser(db, {
    username,
    password,
    email: options.email ?? null,
    firstName: options.firstName ?? null,
    accountType: options.accountType ?? 'client',
    staffRole: options.staffRole,
  });
  return { user, username, password };
}

/** Logs an agent in through the real endpoint (its cookie jar keeps the session). */
export async function logIn(
  agent: { post(url: string): { send(body: unknown): PromiseLike<{ status: number }> } },
  built: Pick<BuiltUser, 'username' | 'password'>,
): Promise<void> {
  const res = await agent.post('/api/login').send({ username: built.username, password: built.password });
  if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
}
