import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { accountTypes, type AccountType } from '@shared/schemas/auth';
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

/** The value of `--role`: an account type. */
export function roleOption(value: string | undefined): AccountType {
  const role = z.enum(accountTypes).safeParse(value);
  if (!role.success) throw new CommandError(`--role must be one of: ${accountTypes.join(', ')}`);
  return role.data;
}
