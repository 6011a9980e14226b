import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETUP_REQUIRED } from '@shared/schemas/two-factor';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { buildUser, logIn, nextTotpCode } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { totpCodeAt, totpStep } from './totp';

const t = setupTestApp({ rateLimits: roomyRateLimits });

/** A signed-in client who turned two-factor sign-in on through the API; the secret and recovery codes. */
async function clientWithTwoFactor() {
  const built = await buildUser(t.db);
  const agent = t.agent();
  await logIn(agent, built);
  const setup = await agent.post('/api/account/2fa/setup');
  expect(setup.status).toBe(200);
  const { secret, otpauthUrl } = setup.body as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const enable = await agent.post('/api/account/2fa/enable').send({ code: await nextTotpCode(secret) });
  expect(enable.status).toBe(200);
  const recoveryCodes = enable.body.recoveryCodes as string[];
  return { built: { ...built, totpSecret: secret }, agent, secret, recoveryCodes };
}

/** The first step of a login: the agent holds the half-done sign-in. */
async function passwordStep(built: { username: string; password: string }) {
  const agent = t.agent();
  const res = await agent.post('/api/login').send({ username: built.username, password: built.password });
  return { agent, res };
}

describe('setting up two-factor sign-in', () => {
  it('takes a code from the new secret, gives ten recovery codes once and stores only hashes', async () => {
    const { built, recoveryCodes } = await clientWithTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const row = await t.db('users').where({ id: built.user.id }).first();
    expect(row.totpEnabledAt).not.toBeNull();
    // Encrypted at rest: the base32 secret is nowhere in the row.
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(built.totpSecret);
    const stored = await t.db('user_recovery_codes').where({ userId: built.user.id });
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    const account = await t.agent().get('/api/auth/account');
    expect(account.status).toBe(401);
    const audit = await t.db('audit_log').where({ recordId: built.user.id, action: 'account.2fa_enabled' });
    expect(audit).toHaveLength(1);
  });

  it('refuses a wrong code, and setup again once it is on', async () => {
    const built = await buildUser(t.db);
    const agent = t.agent();
    await logIn(agent, built);
    const { secret } = (await agent.post('/api/account/2fa/setup')).body as { secret: string };
    const wrong = await agent
      .post('/api/account/2fa/enable')
      .send({ code: '000000' === totpCodeAt(secret, totpStep()) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^code: /);
    expect((await t.db('users').where({ id: built.user.id }).first()).totpEnabledAt).toBeNull();
    expect((await agent.post('/api/account/2fa/enable').send({ code: await nextTotpCode(secret) })).status).toBe(200);
    expect((await agent.post('/api/account/2fa/setup')).status).toBe(409);
    expect((await agent.get('/api/auth/account')).body).toMatchObject({
      twoFactorEnabled: true,
      twoFactorRequired: false,
    });
  });

  it('is for signed-in accounts only', async () => {
    expect((await t.request().post('/api/account/2fa/setup')).status).toBe(401);
    expect((await t.request().post('/api/account/2fa/enable').send({ code: '123456' })).status).toBe(401);
  });
});

describe('signing in with two-factor sign-in', () => {
  it('answers twoFactorRequired with nobody signed in, then completes with a code', async () => {
    const { built } = await clientWithTwoFactor();
    const { agent, res } = await passwordStep(built);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true });
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    const second = await agent.post('/api/login/2fa').send({ code: await nextTotpCode(built.totpSecret) });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: built.user.id, username: built.username });
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });

  it('accepts a code one step off either way, refuses two steps off, and never the same step twice', async () => {
    const { built, secret } = await clientWithTwoFactor();
    const now = totpStep();
    for (const offset of [-2, 2]) {
      const { agent } = await passwordStep(built);
      const res = await agent.post('/api/login/2fa').send({ code: totpCodeAt(secret, now + offset) });
      expect(res.status).toBe(401);
    }
    // The enable step used a code of this window already: take the next steps in order.
    const later = await passwordStep(built);
    const plusOne = totpCodeAt(secret, totpStep() + 1);
    expect((await later.agent.post('/api/login/2fa').send({ code: plusOne })).status).toBe(200);
    // The same code again (a replay), and an earlier step: refused.
    const replay = await passwordStep(built);
    expect((await replay.agent.post('/api/login/2fa').send({ code: plusOne })).status).toBe(401);
    const earlier = await passwordStep(built);
    expect((await earlier.agent.post('/api/login/2fa').send({ code: totpCodeAt(secret, totpStep() - 1) })).status).toBe(
      401,
    );
    expect((await earlier.agent.get('/api/auth/user')).status).toBe(401);
  });

  it('a code one step behind is accepted when no later one was used', async () => {
    const built = await buildUser(t.db, { twoFactor: true });
    const { agent } = await passwordStep(built);
    const res = await agent.post('/api/login/2fa').send({ code: totpCodeAt(built.totpSecret!, totpStep() - 1) });
    expect(res.status).toBe(200);
  });

  it('takes a recovery code once, in any case and with spaces', async () => {
    const { built, recoveryCodes } = await clientWithTwoFactor();
    const code = recoveryCodes[0]!;
    const first = await passwordStep(built);
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    expect((await first.agent.post('/api/login/2fa').send({ code: typed })).status).toBe(200);
    const again = await passwordStep(built);
    const reused = await again.agent.post('/api/login/2fa').send({ code });
    expect(reused.status).toBe(401);
    expect((await t.db('user_recovery_codes').where({ userId: built.user.id }).whereNotNull('usedAt')).length).toBe(1);
  });

  it('refuses the second step without the password step in the same session', async () => {
    const { built } = await clientWithTwoFactor();
    const res = await t
      .agent()
      .post('/api/login/2fa')
      .send({ code: await nextTotpCode(built.totpSecret) });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/sign-in has expired/);
  });

  it('keeps the spec login for accounts without two-factor sign-in', async () => {
    const built = await buildUser(t.db);
    const { res } = await passwordStep(built);
    expect(res.body).toMatchObject({ id: built.user.id, username: built.username });
    expect(res.body.twoFactorRequired).toBeUndefined();
  });

  it('audits staff sign-ins, successful and failed', async () => {
    const staff = await buildUser(t.db, { accountType: 'staff' });
    const { agent } = await passwordStep(staff);
    expect((await agent.post('/api/login/2fa').send({ code: 'not-a-code' })).status).toBe(401);
    expect((await agent.post('/api/login/2fa').send({ code: await nextTotpCode(staff.totpSecret!) })).status).toBe(200);
    await t.request().post('/api/login').send({ username: staff.username, password: 'wrong-password' });
    const rows = await t.db('audit_log').where({ recordId: staff.user.id }).orderBy('id');
    expect(rows.map((row) => [row.action, row.after])).toEqual([
      ['login.failed', { reason: 'second factor' }],
      ['login.succeeded', { method: 'password and code' }],
      ['login.failed', { reason: 'password' }],
    ]);
    // Clients' sign-ins are not staff actions.
    const client = await buildUser(t.db);
    await passwordStep(client);
    expect(await t.db('audit_log').where({ recordId: client.user.id })).toEqual([]);
  });
});

describe('wrong codes are throttled like passwords', () => {
  const throttled = setupTestApp({
    rateLimits: { ...roomyRateLimits, loginPerUserAndIp: limitInOneWindow(4) },
  });

  it('answers 429 past the per-account limit, even to a right code', async () => {
    const built = await buildUser(throttled.db, { twoFactor: true });
    const agent = throttled.agent();
    await agent.post('/api/login').send({ username: built.username, password: built.password });
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) answers.push((await agent.post('/api/login/2fa').send({ code: '00000a' })).status);
    answers.push((await agent.post('/api/login/2fa').send({ code: await nextTotpCode(built.totpSecret!) })).status);
    expect(answers).toEqual([401, 401, 401, 429]);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code; then the login is one step again', async () => {
    const { built, agent } = await clientWithTwoFactor();
    const wrongPassword = await agent
      .post('/api/account/2fa/disable')
      .send({ password: 'nope', code: await nextTotpCode(built.totpSecret) });
    expect(wrongPassword.status).toBe(400);
    const wrongCode = await agent.post('/api/account/2fa/disable').send({ password: built.password, code: '12345a' });
    expect(wrongCode.status).toBe(400);
    const ok = await agent
      .post('/api/account/2fa/disable')
      .send({ password: built.password, code: await nextTotpCode(built.totpSecret) });
    expect(ok.status).toBe(200);
    expect(await t.db('user_recovery_codes').where({ userId: built.user.id })).toEqual([]);
    const { res } = await passwordStep(built);
    expect(res.body).toMatchObject({ id: built.user.id });
    expect(await t.db('audit_log').where({ recordId: built.user.id, action: 'account.2fa_disabled' })).toHaveLength(1);
  });

  it('is refused to admins (409): it is required for them', async () => {
    const admin = await buildUser(t.db, { accountType: 'staff' });
    const agent = t.agent();
    await logIn(agent, admin);
    const res = await agent
      .post('/api/account/2fa/disable')
      .send({ password: admin.password, code: await nextTotpCode(admin.totpSecret!) });
    expect(res.status).toBe(409);
    expect((await t.db('users').where({ id: admin.user.id }).first()).totpEnabledAt).not.toBeNull();
  });
});

describe('admins must set up two-factor sign-in', () => {
  it('an admin without it reaches no console path, only the setup; other staff are not asked', async () => {
    const admin = await buildUser(t.db, { accountType: 'staff', twoFactor: false });
    const agent = t.agent();
    await logIn(agent, admin);
    const refused = await agent.get('/api/admin/orders');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Set up two-factor sign-in first', code: TWO_FACTOR_SETUP_REQUIRED });
    expect((await agent.get('/api/auth/account')).body).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });
    const { secret } = (await agent.post('/api/account/2fa/setup')).body as { secret: string };
    expect((await agent.post('/api/account/2fa/enable').send({ code: await nextTotpCode(secret) })).status).toBe(200);
    expect((await agent.get('/api/admin/orders')).status).toBe(200);

    const support = await buildUser(t.db, { accountType: 'staff', twoFactor: false });
    await t.db('users').where({ id: support.user.id }).update({ staffRole: 'support' });
    const supportAgent = t.agent();
    await logIn(supportAgent, support);
    expect((await supportAgent.get('/api/admin/orders')).status).toBe(200);
  });
});
