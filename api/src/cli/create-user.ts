import { signupSchema } from '@shared/schemas/auth';
import { COMMON_PASSWORD_MESSAGE } from '@shared/schemas/account';
import { migrateToLatest } from '../db/database';
import { recordAudit, systemActor } from '../modules/audit/audit-log';
import { isCommonPassword } from '../modules/auth/common-passwords';
import { createUser } from '../modules/users/users.service';
import { commandOptions, ROLE_CHOICES, roleName, roleOption } from './command-options';
import { CommandError, withDatabase } from './with-database';

const usage = `Usage: npm run user:create -- --username NAME --password PW [--email E] [--role ${ROLE_CHOICES}] [--first-name F] [--last-name L]

Creates an account: a client (the default), or a staff member with a role
(admin, support, sales or fulfilment; \`staff\` means admin). Accounts made by
signing up on the site are always clients; an admin can also invite staff from
the console. What each role may do: docs/permissions.md.`;

await withDatabase(async (db) => {
  const args = commandOptions(
    {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', default: 'client' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
    usage,
  );
  if (!args) return;
  const role = roleOption(args.role);
  const input = signupSchema.safeParse({
    username: args.username ?? '',
    password: args.password ?? '',
    email: args.email,
    firstName: args['first-name'],
    lastName: args['last-name'],
  });
  if (!input.success) {
    const issue = input.error.issues[0];
    throw new CommandError(`--${String(issue?.path[0] ?? 'input')}: ${issue?.message ?? 'invalid'}\n\n${usage}`);
  }
  if (await isCommonPassword(input.data.password)) throw new CommandError(`--password: ${COMMON_PASSWORD_MESSAGE}`);
  await migrateToLatest(db);
  const user = await db.transaction(async (trx) => {
    const created = await createUser(trx, {
      ...input.data,
      accountType: role.accountType,
      staffRole: role.staffRole ?? undefined,
    });
    await recordAudit(trx, systemActor('cli'), {
      action: 'user.created',
      recordType: 'user',
      recordId: created.id,
      after: {
        username: created.username,
        email: created.email,
        accountType: created.accountType,
        staffRole: created.staffRole,
      },
    });
    return created;
  });
  console.log(`Created ${roleName(user)} account "${user.username}" (${user.id}).`);
});
