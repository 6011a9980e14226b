import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import type { StaffMember } from '@shared/schemas/staff';
import type { StaffRole } from '@shared/staff-roles';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn, type BuiltUser } from '../../test/factories';
import { eventually, loginCookie, startVisitorChat, TestSocket } from '../../test/chat';
import { useApiServers } from '../../test/servers';
import { ACCOUNT_DEACTIVATED } from '../auth/auth.routes';
import { LAST_ACTIVE_ADMIN } from '../users/last-admin';
import { CANNOT_DEACTIVATE_YOURSELF } from './staff.service';

// Two instances on one database; the heartbeat (which also re-reads staff sessions) is an hour away, so a socket
// that closes here closes because the change was announced.
const servers = useApiServers(2, {
  chat: { heartbeatMs: 3_600_000 },
  configure: () => ({ rateLimits: roomyRateLimits }),
});

async function staffMember(
  role: StaffRole = 'admin',
  options: { email?: string; twoFactor?: boolean } = {},
): Promise<BuiltUser> {
  return buildUser(servers.db, { accountType: 'staff', staffRole: role, ...options });
}

/** A signed-in browser on one instance. */
async function signedIn(built: BuiltUser, instance = 0) {
  const agent = request.agent(servers.url(instance));
  await logIn(agent, built);
  return agent;
}

const auditRows = (recordId: string, action: string) =>
  servers.db('audit_log').where({ recordId, action }).orderBy('id');

describe('GET /api/admin/staff', () => {
  it('lists every staff member with role, active, two-factor and last sign-in; admins only', async () => {
    const admin = await staffMember('admin', { email: 'list-admin@example.com' });
    const support = await staffMember('support');
    await servers.db('users').update({ firstName: 'Grace', lastName: 'Hopper' }).where({ id: support.user.id });
    const client = await buildUser(servers.db);
    const agent = await signedIn(admin);
    await servers.db('users').update({ totpEnabledAt: new Date() }).where({ id: admin.user.id });

    const res = await agent.get('/api/admin/staff');
    expect(res.status).toBe(200);
    const members = res.body as StaffMember[];
    const mine = members.find((m) => m.id === admin.user.id)!;
    expect(mine).toMatchObject({
      username: admin.username,
      email: 'list-admin@example.com',
      role: 'admin',
      active: true,
      twoFactor: true,
      name: null,
    });
    expect(Date.now() - Date.parse(mine.lastSignInAt!)).toBeLessThan(60_000);
    expect(members.find((m) => m.id === support.user.id)).toMatchObject({
      name: 'Grace Hopper',
      role: 'support',
      twoFactor: false,
      lastSignInAt: null,
    });
    expect(members.some((m) => m.id === client.user.id)).toBe(false);
    expect(JSON.stringify(res.body)).not.toMatch(/password|totp/i);

    expect((await request(servers.url()).get('/api/admin/staff')).status).toBe(401);
    expect((await (await signedIn(client)).get('/api/admin/staff')).body).toEqual({ message: 'Staff only' });
    const refused = await (await signedIn(support)).get('/api/admin/staff');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('staff.manage');
  });
});

describe('PATCH /api/admin/staff/:id', () => {
  it('changes a role, audited with before and after; bad input is a 400 that changes nothing', async () => {
    const admin = await staffMember();
    const member = await staffMember('support');
    const agent = await signedIn(admin);

    const res = await agent.patch(`/api/admin/staff/${member.user.id}`).send({ role: 'fulfilment' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.user.id, role: 'fulfilment', active: true });
    const [row] = await auditRows(member.user.id, 'staff.role_changed');
    expect(row).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      before: { role: 'support' },
      after: { role: 'fulfilment' },
    });

    for (const body of [{ role: 'owner' }, {}, { active: 'no' }, { role: 'sales', extra: 1 }]) {
      const bad = await agent.patch(`/api/admin/staff/${member.user.id}`).send(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
    expect((await servers.db('users').where({ id: member.user.id }).first()).staffRole).toBe('fulfilment');
    // The same role again changes nothing and records nothing.
    expect((await agent.patch(`/api/admin/staff/${member.user.id}`).send({ role: 'fulfilment' })).status).toBe(200);
    expect(await auditRows(member.user.id, 'staff.role_changed')).toHaveLength(1);

    const client = await buildUser(servers.db);
    expect((await agent.patch(`/api/admin/staff/${client.user.id}`).send({ role: 'admin' })).status).toBe(404);
    expect((await agent.patch('/api/admin/staff/not-a-uuid').send({ role: 'admin' })).status).toBe(404);
    expect((await servers.db('users').where({ id: client.user.id }).first()).accountType).toBe('client');
  });

  it('never leaves no active admin, even when the two remaining admins are demoted at once: exactly one 409', async () => {
    const first = await staffMember();
    const second = await staffMember();
    // Everyone else stops being an admin: these two are the last.
    await servers
      .db('users')
      .update({ staffRole: 'support' })
      .where({ staffRole: 'admin' })
      .whereNotIn('id', [first.user.id, second.user.id]);
    const firstAgent = await signedIn(first);
    const secondAgent = await signedIn(second, 1);

    // Hold the admins' rows so both requests are past their permission check and waiting on the lock together.
    const held = await servers.db.transaction();
    await held.raw('select id from users where id in (?, ?) for update', [first.user.id, second.user.id]);
    const both = Promise.all([
      firstAgent.patch(`/api/admin/staff/${second.user.id}`).send({ role: 'sales' }),
      secondAgent.patch(`/api/admin/staff/${first.user.id}`).send({ active: false }),
    ]);
    await eventually(async () => {
      const { rows } = await servers.db.raw<{ rows: { waiting: number }[] }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows[0]!.waiting >= 2;
    }, 10_000);
    await held.commit();
    const answers = await both;

    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.status === 409)!.body).toEqual({ message: LAST_ACTIVE_ADMIN });
    const admins = await servers.db('users').where({ staffRole: 'admin' }).whereNull('deactivatedAt');
    expect(admins).toHaveLength(1);

    // The last one can neither be demoted nor deactivated, by anyone.
    const last = admins[0]!.id as string;
    const lastAgent = last === first.user.id ? firstAgent : secondAgent;
    const demote = await lastAgent.patch(`/api/admin/staff/${last}`).send({ role: 'support' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(LAST_ACTIVE_ADMIN);
    // Reactivating or promoting someone makes room again.
    const other = last === first.user.id ? second : first;
    const back = await lastAgent.patch(`/api/admin/staff/${other.user.id}`).send({ role: 'admin', active: true });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ role: 'admin', active: true });
  });

  it('deactivation ends the sessions on every instance (REST 401, sockets 4401) and refuses sign-in; reactivation restores it', async () => {
    const admin = await staffMember();
    const member = await staffMember('support');
    const agent = await signedIn(admin);
    const cookie0 = await loginCookie(servers.url(0), member);
    const cookie1 = await loginCookie(servers.url(1), member);
    const sockets = [
      await TestSocket.open(servers.url(0), { cookie: cookie0 }),
      await TestSocket.open(servers.url(1), { cookie: cookie1 }),
    ];
    for (const socket of sockets) socket.send({ type: 'staff_feed' });
    // Both feeds are live: they hear of a new conversation.
    const { id } = await startVisitorChat(servers.url(0));
    for (const socket of sockets) await socket.next('conversation', (frame) => frame.conversation.id === id);

    expect((await agent.patch(`/api/admin/staff/${member.user.id}`).send({ active: false })).body).toMatchObject({
      active: false,
    });
    for (const socket of sockets) {
      expect((await socket.closed).code).toBe(CHAT_CLOSE.unauthorized);
    }
    const rest = await fetch(`${servers.url(1)}/api/auth/user`, { headers: { Cookie: cookie1 } });
    expect(rest.status).toBe(401);
    expect(await servers.db('sessions').where({ userId: member.user.id })).toHaveLength(0);
    expect((await auditRows(member.user.id, 'staff.deactivated'))[0]).toMatchObject({
      actorId: admin.user.id,
      after: { active: false },
    });

    // The right password hears that the account is deactivated; a wrong one, only the usual refusal.
    const login = (password: string) =>
      request(servers.url(1)).post('/api/login').send({ username: member.username, password });
    expect((await login(member.password)).status).toBe(403);
    expect((await login(member.password)).body).toEqual({ message: ACCOUNT_DEACTIVATED });
    expect((await login('wrong-password')).body).toEqual({ message: 'Invalid username or password' });

    // A session left over from a sign-in racing the deactivation counts as signed out.
    await servers.db('users').update({ deactivatedAt: null }).where({ id: member.user.id });
    const leftover = await loginCookie(servers.url(0), member);
    await servers.db('users').update({ deactivatedAt: new Date() }).where({ id: member.user.id });
    expect((await fetch(`${servers.url(0)}/api/auth/user`, { headers: { Cookie: leftover } })).status).toBe(401);
    const late = await TestSocket.open(servers.url(1), { cookie: leftover });
    expect((await late.closed).code).toBe(CHAT_CLOSE.unauthorized);

    const again = await agent.patch(`/api/admin/staff/${member.user.id}`).send({ active: true });
    expect(again.body).toMatchObject({ active: true });
    expect((await servers.db('users').where({ id: member.user.id }).first()).deactivatedAt).toBeNull();
    expect((await login(member.password)).status).toBe(200);
    expect(await auditRows(member.user.id, 'staff.reactivated')).toHaveLength(1);
  });

  it('refuses to deactivate yourself', async () => {
    const admin = await staffMember();
    await staffMember();
    const res = await (await signedIn(admin)).patch(`/api/admin/staff/${admin.user.id}`).send({ active: false });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: CANNOT_DEACTIVATE_YOURSELF });
    expect((await servers.db('users').where({ id: admin.user.id }).first()).deactivatedAt).toBeNull();
  });
});

describe('POST /api/admin/staff/:id/2fa/reset', () => {
  it('clears the secret and recovery codes, ends the sessions, audited', async () => {
    const admin = await staffMember();
    const member = await staffMember('sales', { twoFactor: true });
    await servers.db('user_recovery_codes').insert([
      { userId: member.user.id, codeHash: 'a' },
      { userId: member.user.id, codeHash: 'b' },
    ]);
    const memberCookie = await loginCookie(servers.url(1), member);
    const agent = await signedIn(admin);

    expect((await (await signedIn(member)).post(`/api/admin/staff/${admin.user.id}/2fa/reset`)).status).toBe(403);
    const res = await agent.post(`/api/admin/staff/${member.user.id}/2fa/reset`);
    expect(res.status).toBe(204);
    const row = await servers.db('users').where({ id: member.user.id }).first();
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await servers.db('user_recovery_codes').where({ userId: member.user.id })).toHaveLength(0);
    expect((await fetch(`${servers.url(1)}/api/auth/user`, { headers: { Cookie: memberCookie } })).status).toBe(401);
    expect((await auditRows(member.user.id, 'staff.2fa_reset'))[0]).toMatchObject({
      actorId: admin.user.id,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    const list = await agent.get('/api/admin/staff');
    expect((list.body as StaffMember[]).find((m) => m.id === member.user.id)!.twoFactor).toBe(false);
    expect((await agent.post('/api/admin/staff/00000000-0000-4000-8000-000000000000/2fa/reset')).status).toBe(404);
  });
});
