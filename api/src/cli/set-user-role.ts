import { migrateToLatest } from '../db/database';
import { recordAudit, systemActor } from '../modules/audit/audit-log';
import { assertAnotherActiveAdmin } from '../modules/users/last-admin';
import { findUserByUsername, setAccountType } from '../modules/users/users.service';
import { HttpError } from '../errors';
import { commandOptions, ROLE_CHOICES, roleName, roleOption } from './command-options';
import { CommandError, withDatabase } from './with-database';

const usage = `Usage: npm run user:role -- --username NAME --role ${ROLE_CHOICES}

Gives an existing account a staff role (admin, support, sales or fulfilment;
\`staff\` means admin) or makes it a client. Takes effect at once, on every
running instance: a console of an account made client is disconnected (its
chat sockets closed with code 4403), a demoted staff member's console stops
receiving what the new role may not see, and their next request outside the
role is refused. The last active admin cannot be demoted. What each role may
do: docs/permissions.md.`;

/** "a support account", "an admin account". */
const anAccount = (role: string) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role} account`;

await withDatabase(async (db) => {
  const args = commandOptions({ username: { type: 'string' }, role: { type: 'string' } }, usage);
  if (!args) return;
  if (!args.username) throw new CommandError(`--username is required\n\n${usage}`);
  const role = roleOption(args.role);
  const wanted = roleName(role);
  await migrateToLatest(db);
  const user = await findUserByUsername(db, args.username);
  if (!user) throw new CommandError(`There is no account named "${args.username}".`);
  const was = roleName(user);
  if (was === wanted) {
    console.log(`"${user.username}" is already ${anAccount(wanted)}; nothing changed.`);
    return;
  }
  try {
    await db.transaction(async (trx) => {
      if (wanted !== 'admin') await assertAnotherActiveAdmin(trx, user.id);
      const changed = (await setAccountType(trx, user.id, role.accountType, role.staffRole ?? undefined))!;
      await recordAudit(trx, systemActor('cli'), {
        action: 'user.role_changed',
        recordType: 'user',
        recordId: user.id,
        before: { username: user.username, accountType: user.accountType, staffRole: user.staffRole },
        after: { username: changed.username, accountType: changed.accountType, staffRole: changed.staffRole },
      });
    });
  } catch (err) {
    if (err instanceof HttpError) throw new CommandError(err.message);
    throw err;
  }
  console.log(`"${user.username}" is now ${anAccount(wanted)} (was ${was}).`);
});
