import { parseArgs } from 'node:util';
import { z } from 'zod';
import { accountTypes } from '@shared/schemas/auth';
import { migrateToLatest } from '../db/database';
import { findUserByUsername, setAccountType } from '../modules/users/users.service';
import { CommandError, withDatabase } from './with-database';

const usage = `Usage: npm run user:role -- --username NAME --role staff|client

Makes an existing account staff or client. Takes effect at once, on every
running instance: a staff console of an account made client is disconnected
(its chat sockets closed with code 4403), and its next request to a staff page
is refused.`;

function parse() {
  try {
    return parseArgs({
      options: {
        username: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    throw new CommandError(`${(err as Error).message}\n\n${usage}`);
  }
}

await withDatabase(async (db) => {
  const args = parse();
  if (args.help) {
    console.log(usage);
    return;
  }
  if (!args.username) throw new CommandError(`--username is required\n\n${usage}`);
  const role = z.enum(accountTypes).safeParse(args.role);
  if (!role.success) throw new CommandError(`--role must be one of: ${accountTypes.join(', ')}\n\n${usage}`);
  await migrateToLatest(db);
  const user = await findUserByUsername(db, args.username);
  if (!user) throw new CommandError(`There is no account named "${args.username}".`);
  if (user.accountType === role.data) {
    console.log(`"${user.username}" is already a ${role.data} account; nothing changed.`);
    return;
  }
  await setAccountType(db, user.id, role.data);
  console.log(`"${user.username}" is now a ${role.data} account (was ${user.accountType}).`);
});
