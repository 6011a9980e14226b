import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN, assertAnotherActiveAdmin } from '../modules/users/last-admin';
import { User } from '../modules/users/user.model';
import { setAccountType } from '../modules/users/users.service';
import { buildUser, uniqueName } from '../test/factories';
import { spawnEntry } from '../test/spawn-entry';
import { setupTestApp } from '../test/test-app';

// A fresh database of its own: the only admins are the ones made here.
const t = setupTestApp();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'user-commands-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: 'create-user' | 'set-user-role', args: string[]) {
  return spawnEntry(
    `api/src/cli/${script}.ts`,
    { DATABASE_URL: t.deps.config.databaseUrl!, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    args,
  );
}

const roleOf = async (id: string) => {
  const user = await User.query(t.db).findById(id);
  return [user!.accountType, user!.staffRole];
};

describe('npm run user:create and user:role take the staff roles', () => {
  it('creates an account of each role, `staff` as admin, and refuses an unknown role', async () => {
    for (const [role, expected] of [
      ['support', ['staff', 'support']],
      ['fulfilment', ['staff', 'fulfilment']],
      ['staff', ['staff', 'admin']],
      ['client', ['client', null]],
    ] as const) {
      const username = uniqueName(role);
      const command = run('create-user', ['--username', username, '--password', 'a-long-password-1', '--role', role]);
      expect(await command.exited, command.stderr()).toBe(0);
      const label = expected[0] === 'staff' ? expected[1] : 'client';
      expect(command.stdout()).toContain(`Created ${label} account "${username}"`);
      const user = await User.query(t.db).findOne({ username });
      expect(await roleOf(user!.id)).toEqual(expected);
    }
    const wrong = run('create-user', ['--username', uniqueName(), '--password', 'a-long-password-1', '--role', 'boss']);
    expect(await wrong.exited).toBe(1);
    expect(wrong.stderr()).toContain('--role must be one of: admin, support, sales, fulfilment, client, staff');
    const help = run('set-user-role', ['--help']);
    expect(await help.exited).toBe(0);
    expect(help.stdout()).toContain('--role admin|support|sales|fulfilment|client|staff');
  });

  it('changes a role, but never demotes the last active admin', async () => {
    const only = await buildUser(t.db, { accountType: 'staff', staffRole: 'admin' });
    const member = await buildUser(t.db, { accountType: 'staff', staffRole: 'support' });
    // Every other admin of this file's database steps down first (the CLI refuses the last one).
    await t.db('users').where({ staffRole: 'admin' }).whereNot({ id: only.user.id }).update({ staffRole: 'sales' });

    const promoted = run('set-user-role', ['--username', member.username, '--role', 'sales']);
    expect(await promoted.exited, promoted.stderr()).toBe(0);
    expect(promoted.stdout()).toContain(`"${member.username}" is now a sales account (was support).`);

    for (const role of ['support', 'client']) {
      const refused = run('set-user-role', ['--username', only.username, '--role', role]);
      expect(await refused.exited).toBe(1);
      expect(refused.stderr()).toContain(LAST_ADMIN);
      expect(await roleOf(only.user.id)).toEqual(['staff', 'admin']);
    }
    const same = run('set-user-role', ['--username', only.username, '--role', 'staff']);
    expect(await same.exited).toBe(0);
    expect(same.stdout()).toContain('is already an admin account; nothing changed.');

    // With a second admin, the first may step down.
    await setAccountType(t.db, member.user.id, 'staff', 'admin');
    const demoted = run('set-user-role', ['--username', only.username, '--role', 'fulfilment']);
    expect(await demoted.exited, demoted.stderr()).toBe(0);
    expect(await roleOf(only.user.id)).toEqual(['staff', 'fulfilment']);
    await setAccountType(t.db, only.user.id, 'staff', 'admin');
  });
});

describe('assertAnotherActiveAdmin', () => {
  async function twoAdmins() {
    await t.db('users').where({ staffRole: 'admin' }).update({ staffRole: 'sales' });
    const a = await buildUser(t.db, { accountType: 'staff', staffRole: 'admin' });
    const b = await buildUser(t.db, { accountType: 'staff', staffRole: 'admin' });
    return [a.user.id, b.user.id] as const;
  }

  const demote = (id: string) =>
    t.db.transaction(async (trx) => {
      await assertAnotherActiveAdmin(trx, id);
      await setAccountType(trx, id, 'staff', 'support');
    });

  it('lets exactly one of two simultaneous demotions of the last two admins through', async () => {
    const [a, b] = await twoAdmins();
    const outcomes = await Promise.allSettled([demote(a), demote(b)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: LAST_ADMIN });
    const admins = await t.db('users').where({ staffRole: 'admin' }).whereNull('deactivatedAt');
    expect(admins).toHaveLength(1);
  });

  it('makes the second demotion wait for the first and count what it left', async () => {
    const [a, b] = await twoAdmins();
    const first = await t.db.transaction();
    await assertAnotherActiveAdmin(first, a);
    let secondDone = false;
    const second = demote(b).finally(() => {
      secondDone = true;
    });
    // Its refusal can settle before this test gets back from the first commit (the second transaction's rollback
    // may finish first on a busy machine): mark it handled now; the assertion below still checks it.
    second.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone, 'the second demotion waits on the admin rows the first locked').toBe(false);
    await setAccountType(first, a, 'staff', 'support');
    await first.commit();
    await expect(second).rejects.toMatchObject({ status: 409, message: LAST_ADMIN });
    expect(await roleOf(b)).toEqual(['staff', 'admin']);
  });

  it('lets a deactivated admin or a non-admin go without counting, and counts only active admins', async () => {
    const [a, b] = await twoAdmins();
    await t.db('users').where({ id: b }).update({ deactivatedAt: new Date() });
    await expect(demote(a)).rejects.toMatchObject({ status: 409 });
    const other = await buildUser(t.db, { accountType: 'staff', staffRole: 'support' });
    await expect(demote(other.user.id)).resolves.toBeUndefined();
  });
});
