import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@shared/schemas/account';
import type { StaffInvitation, StaffMember } from '@shared/schemas/staff';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName, type BuiltUser } from '../../test/factories';
import { eventuallyRows, useMailServers, withSmtp } from '../../test/mail';
import { SmtpSink } from '../../test/smtp-sink';
import { INVITATION_MESSAGES } from './invitations.service';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const servers = useMailServers(1, () => ({
  ...withSmtp(sink.url),
  rateLimits: { ...roomyRateLimits, invitationLinkPerIp: limitInOneWindow(5) },
}));

let ipCounter = 0;
/** A browser from its own address, so the per-IP limit bites only where it is tested. */
function browser(ip = `203.0.113.${(ipCounter += 1)}`) {
  const agent = request.agent(servers.url());
  return {
    agent,
    get: (path: string) => agent.get(path).set('X-Forwarded-For', ip),
    post: (path: string, body: object = {}) => agent.post(path).set('X-Forwarded-For', ip).send(body),
    patch: (path: string, body: object) => agent.patch(path).set('X-Forwarded-For', ip).send(body),
    delete: (path: string) => agent.delete(path).set('X-Forwarded-For', ip),
  };
}

let admin: BuiltUser;
let console_: ReturnType<typeof browser>;
beforeAll(async () => {
  admin = await buildUser(servers.db, { accountType: 'staff', firstName: 'Grace' });
  console_ = browser();
  await logIn(console_.agent, admin);
});

const address = () => `${uniqueName('invitee')}@example.com`;

/** Invites an address and returns the invitation and the token of the link that reached the SMTP sink. */
async function invite(email: string, role = 'support') {
  const res = await console_.post('/api/admin/staff/invitations', { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const invitation = res.body as StaffInvitation;
  await eventuallyRows(servers.db, `staff-invitation:${invitation.id}`, (rows) => rows[0]?.status === 'sent');
  const text = sink.to(email).at(-1)!.parsed.text ?? '';
  const link = /(http:\/\/\S+\/accept-invite\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no invitation link in:\n${text}`);
  return { invitation, link, token: new URL(link).searchParams.get('token')! };
}

const lookUp = (token: string) => browser().get(`/api/invitations?token=${encodeURIComponent(token)}`);
const accept = (token: string, username = uniqueName('new'), password = 'a-long-staff-password') =>
  browser().post('/api/invitations/accept', { token, username, password });
const auditRows = (recordId: string, action: string) => servers.db('audit_log').where({ recordId, action });

describe('staff invitations', () => {
  it('mails a one-time link on the public address; accepting it makes the staff account and signs it in', async () => {
    const email = address();
    const { invitation, link, token } = await invite(email, 'support');
    expect(invitation).toMatchObject({ email, role: 'support', invitedBy: admin.username });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(new URL(link).origin).toBe(servers.url());
    const mail = sink.to(email).at(-1)!;
    expect(mail.parsed.subject).toContain('invited');
    expect(mail.parsed.text).toContain('Grace invited you');
    // Only the token's hash is stored, and the delivered mail no longer keeps the token.
    const row = await servers.db('staff_invitations').where({ id: invitation.id }).first();
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await servers.db('staff_invitations'))).not.toContain(token);
    const stored = await servers
      .db('mails')
      .where({ idempotencyKey: `staff-invitation:${invitation.id}` })
      .first();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await auditRows(invitation.id, 'staff.invited'))[0]).toMatchObject({
      actorId: admin.user.id,
      after: { email, role: 'support' },
    });

    const pending = await console_.get('/api/admin/staff/invitations');
    expect((pending.body as StaffInvitation[]).map((i) => i.id)).toContain(invitation.id);
    expect(JSON.stringify(pending.body)).not.toContain(token);

    // The page reads what the invitation is for; then the person chooses a username and password.
    const preview = await lookUp(token);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ email, role: 'support', expiresAt: invitation.expiresAt });

    const common = await accept(token, uniqueName('weak'), 'password123');
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ message: `password: ${COMMON_PASSWORD_MESSAGE}` });
    const short = await accept(token, 'x', 'abc');
    expect(short.status).toBe(400);
    // Taken usernames are refused and the invitation stays usable.
    expect((await accept(token, admin.username)).status).toBe(409);

    const newcomer = browser();
    const username = uniqueName('joined');
    const res = await newcomer.post('/api/invitations/accept', { token, username, password: 'a-long-staff-password' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username, email, accountType: 'staff' });
    const me = await newcomer.get('/api/auth/user');
    expect(me.body).toMatchObject({ username, accountType: 'staff' });
    const account = await servers.db('users').where({ username }).first();
    expect(account).toMatchObject({ staffRole: 'support', email });
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(account.lastSignInAt).not.toBeNull();
    const members = (await console_.get('/api/admin/staff')).body as StaffMember[];
    expect(members.find((m) => m.username === username)).toMatchObject({ role: 'support', active: true });
    expect((await auditRows(invitation.id, 'staff.invitation_accepted'))[0]).toMatchObject({
      actorId: account.id,
      after: { username, role: 'support' },
    });
    // The accepted invitation is no longer pending; the same address cannot be invited again (it is staff now).
    expect(
      ((await console_.get('/api/admin/staff/invitations')).body as StaffInvitation[]).map((i) => i.id),
    ).not.toContain(invitation.id);
    const again = await console_.post('/api/admin/staff/invitations', { email: email.toUpperCase(), role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: INVITATION_MESSAGES.staffAccount });

    // A replayed link: 410, no second account.
    const replay = await accept(token);
    expect(replay.status).toBe(410);
    expect(replay.body).toEqual({ message: INVITATION_MESSAGES.accepted });
    expect((await lookUp(token)).status).toBe(410);
    expect(await servers.db('users').whereRaw('lower(email) = lower(?)', [email])).toHaveLength(1);
  });

  it('refuses a second pending invitation of one address, a client account’s address, and bad input', async () => {
    const email = address();
    await invite(email);
    const twice = await console_.post('/api/admin/staff/invitations', { email, role: 'sales' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: INVITATION_MESSAGES.pending });
    const client = await buildUser(servers.db, { email: address() });
    const clientAddress = await console_.post('/api/admin/staff/invitations', {
      email: client.user.email,
      role: 'sales',
    });
    expect(clientAddress.status).toBe(409);
    expect(clientAddress.body).toEqual({ message: INVITATION_MESSAGES.clientAccount });
    for (const body of [{ email: 'not-an-email', role: 'sales' }, { email: address(), role: 'owner' }, {}]) {
      const bad = await console_.post('/api/admin/staff/invitations', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await servers.db('staff_invitations').whereRaw('lower(email) = lower(?)', [email])).toHaveLength(1);
  });

  it('a revoked link answers 410 and cannot be accepted; revoking is audited and admin-only', async () => {
    const email = address();
    const { invitation, token } = await invite(email, 'fulfilment');
    const support = await buildUser(servers.db, { accountType: 'staff', staffRole: 'support' });
    const supportConsole = browser();
    await logIn(supportConsole.agent, support);
    expect((await supportConsole.delete(`/api/admin/staff/invitations/${invitation.id}`)).status).toBe(403);

    expect((await console_.delete(`/api/admin/staff/invitations/${invitation.id}`)).status).toBe(204);
    expect((await console_.delete(`/api/admin/staff/invitations/${invitation.id}`)).status).toBe(204);
    expect(await auditRows(invitation.id, 'staff.invitation_revoked')).toHaveLength(1);
    const look = await lookUp(token);
    expect(look.status).toBe(410);
    expect(look.body).toEqual({ message: INVITATION_MESSAGES.revoked });
    expect((await accept(token)).body).toEqual({ message: INVITATION_MESSAGES.revoked });
    expect(await servers.db('users').where({ email })).toHaveLength(0);
    // Revoked: the address may be invited again.
    await invite(email, 'fulfilment');
    expect((await console_.delete('/api/admin/staff/invitations/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });

  it('an expired link answers 410 and cannot be accepted; an unknown one 404', async () => {
    const { invitation, token } = await invite(address());
    await servers
      .db('staff_invitations')
      .update({ expiresAt: new Date(Date.now() - 1000) })
      .where({
        id: invitation.id,
      });
    const look = await lookUp(token);
    expect(look.status).toBe(410);
    expect(look.body).toEqual({ message: INVITATION_MESSAGES.expired });
    expect((await accept(token)).status).toBe(410);
    expect(
      ((await console_.get('/api/admin/staff/invitations')).body as StaffInvitation[]).map((i) => i.id),
    ).not.toContain(invitation.id);
    const unknown = await lookUp('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: INVITATION_MESSAGES.unknown });
    expect((await accept('A'.repeat(43))).status).toBe(404);
    expect((await lookUp('short')).status).toBe(400);
  });

  it('two accepts of one link at once make one account: the other answers 410', async () => {
    const email = address();
    const { token } = await invite(email, 'admin');
    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 410]);
    const accounts = await servers.db('users').whereRaw('lower(email) = lower(?)', [email]);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ accountType: 'staff', staffRole: 'admin' });
  });

  it('limits look-ups and accepts per network address', async () => {
    const ip = '198.18.0.77';
    const from = browser(ip);
    for (let i = 0; i < 5; i += 1)
      expect((await from.get(`/api/invitations?token=${'B'.repeat(43)}`)).status).toBe(404);
    const limited = await from.get(`/api/invitations?token=${'B'.repeat(43)}`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('Too many attempts');
  });
});
