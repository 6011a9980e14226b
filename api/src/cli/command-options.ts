import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import type { AccountType } from '@shared/schemas/auth';
import { accountRoles, type StaffRole } from '@shared/staff-roles';
import { CommandError } from './with-database';

/**
 * A command's options; `--help` (or `-h`) prints the usage instead: null. An
 * unknown or malformed option is a CommandError that shows the usage.
 */
export function commandOptions<const T extends NonNullable<ParseArgsConfig['options']>>(options: T, usage: string) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return null;
  }
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch (err) {
    throw new CommandError(`${(err as Error).message}\n\n${usage}`);
  }
}

/** What `--role` takes: a staff role, `client`, or `staff` (an admin, as every staff account was before roles). */
export const ROLE_CHOICES = [...accountRoles, 'staff'].join('|');

/** The value of `--role`: the account type, and the staff role for staff. */
export function roleOption(value: string | undefined): { accountType: AccountType; staffRole: StaffRole | null } {
  const role = z.enum([...accountRoles, 'staff']).safeParse(value);
  if (!role.success) throw new CommandError(`--role must be one of: ${ROLE_CHOICES.split('|').join(', ')}`);
  if (role.data === 'client') return { accountType: 'client', staffRole: null };
  return { accountType: 'staff', staffRole: role.data === 'staff' ? 'admin' : role.data };
}

/** How a command names an account's role: its staff role, or client. */
export function roleName(user: { accountType: AccountType; staffRole: StaffRole | null }): string {
  return user.accountType === 'staff' ? (user.staffRole ?? 'admin') : 'client';
}
