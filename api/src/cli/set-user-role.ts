import { migrateToLatest } from '../db/database';
import { recordAudit, systemActor } from '../modules/audit/audit-log';
import { findUserByUsername, setAccountType } from '../modules/users/users.service';
import { commandOptions, roleOption } from './command-options';
import { CommandError, withDatabase } from './with-database';

const usage = `Usage: npm run user:role -- --username NAME --role staff|client

Makes an existing account staff or client. Takes effect at once, on every
running instance: a staff console of an account made client is disconnected
(its chat sockets closed with code 4403), and its next request to a staff page
is refused.`;

await withDatabase(async (db) => {
  const args = commandOptions({ username: { type: 'string' }, role: { type: 'string' } }, usage);
  if (!args) return;
  if (!args.username) throw new CommandError(`--username is required\n\n${usage}`);
  const role = roleOption(args.role);
  await migrateToLatest(db);
  const user = await findUserByUsername(db, args.username);
  if (!user) throw new CommandError(`There is no account named "${args.username}".`);
  if (user.accountType === role) {
    console.log(`"${user.username}" is already a ${role} account; nothing changed.`);
    return;
  }
  await db.transaction(async (trx) => {
    const changed = (await setAccountType(trx, user.id, role))!;
    await recordAudit(trx, systemActor('cli'), {
      action: 'user.role_changed',
      recordType: 'user',
      recordId: user.id,
      before: { username: user.username, accountType: user.accountType, staffRole: user.staffRole },
      after: { username: changed.username, accountType: changed.accountType, staffRole: changed.staffRole },
    });
  });
  console.log(`"${user.username}" is now a ${role} account (was ${user.accountType}).`);
});
