import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@shared/schemas/account';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { eventuallyRows, useMailServers, withSmtp } from '../../test/mail';
import { SmtpSink } from '../../test/smtp-sink';
import { RESET_LINK_INVALID, RESET_REQUESTED } from './password-reset.service';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const servers = useMailServers(1, () => ({
  ...withSmtp(sink.url),
  rateLimits: {
    ...roomyRateLimits,
    passwordResetPerIp: limitInOneWindow(10),
    passwordResetPerAccount: limitInOneWindow(3),
  },
}));

let ipCounter = 0;
/** Each call from its own address, so the per-IP limit bites only where it is tested. */
function api() {
  ipCounter += 1;
  const ip = `198.51.100.${ipCounter}`;
  const agent = request.agent(servers.url());
  return {
    agent,
    post: (path: string, body: object) => agent.post(path).set('X-Forwarded-For', ip).send(body),
    get: (path: string) => agent.get(path).set('X-Forwarded-For', ip),
  };
}

/** The reset link of the newest mail to `email`, and its token. */
async function resetLinkSentTo(email: string, count = 1): Promise<{ link: string; token: string }> {
  await eventuallyRows(
    servers.db,
    'password-reset:',
    (rows) => rows.filter((r) => r.recipient === email && r.status === 'sent').length >= count,
  );
  // The newest reset mail (a reset is followed by a "your password was changed" mail to the same address).
  const mails = sink.to(email).filter((mail) => mail.parsed.subject === 'Reset your password');
  const text = mails.at(-1)!.parsed.text ?? '';
  const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

async function logIn(username: string, password: string) {
  const client = api();
  const res = await client.post('/api/login', { username, password });
  return { client, status: res.status };
}

describe('POST /api/auth/password-reset/request', () => {
  it('emails a single-use link to the account found by username, keeping only a hash of its token', async () => {
    const { user, username } = await buildUser(servers.db, { email: 'ada.reset@example.com', firstName: 'Ada' });
    const res = await api().post('/api/auth/password-reset/request', { login: username.toUpperCase() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: RESET_REQUESTED });

    const { link, token } = await resetLinkSentTo('ada.reset@example.com');
    expect(link.startsWith(`${servers.url()}/reset-password?token=`)).toBe(true);
    const mail = sink.to('ada.reset@example.com')[0]!.parsed;
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Ada');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));

    const [stored] = await servers.db('account_tokens').where({ userId: user.id });
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(new Date(stored.expiresAt).getTime() - new Date(stored.createdAt).getTime()).toBe(60 * 60 * 1000);
    // The outbox no longer holds the token once the mail is delivered.
    const [row] = await servers.db('mails').where({ recipient: 'ada.reset@example.com' });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('finds the account by email too, ignoring case', async () => {
    await buildUser(servers.db, { email: 'grace.reset@example.com' });
    const res = await api().post('/api/auth/password-reset/request', { login: ' Grace.Reset@Example.com ' });
    expect(res.status).toBe(202);
    await resetLinkSentTo('grace.reset@example.com');
  });

  it('answers the same for an unknown login or an account without email, and sends nothing', async () => {
    const { username, user } = await buildUser(servers.db, { email: null });
    for (const login of ['nobody-here', 'nobody@example.com', username]) {
      const res = await api().post('/api/auth/password-reset/request', { login });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: RESET_REQUESTED });
    }
    expect(await servers.db('account_tokens').where({ userId: user.id })).toHaveLength(0);
    expect(await servers.db('mails').where({ recipient: 'nobody@example.com' })).toHaveLength(0);
  });

  it('refuses a missing login with the field message', async () => {
    const res = await api().post('/api/auth/password-reset/request', { login: '  ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'login: Enter your username or email address' });
  });

  it('sends at most a few links an hour per account, answers the same beyond, and never blocks logging in', async () => {
    const { username, password } = await buildUser(servers.db, { email: 'flooded@example.com' });
    for (let i = 0; i < 5; i += 1) {
      const res = await api().post('/api/auth/password-reset/request', { login: username });
      expect(res.status).toBe(202);
    }
    expect(
      await servers
        .db('account_tokens')
        .join('users', 'users.id', 'accountTokens.userId')
        .where('users.username', username),
    ).toHaveLength(3);
    await resetLinkSentTo('flooded@example.com', 3);
    expect((await logIn(username, password)).status).toBe(200);
  });

  it('limits requests per network with 429', async () => {
    const client = api();
    for (let i = 0; i < 10; i += 1) {
      expect((await client.post('/api/auth/password-reset/request', { login: `someone${i}` })).status).toBe(202);
    }
    const res = await client.post('/api/auth/password-reset/request', { login: 'someone' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password, uses the link up and signs the account out everywhere (cookie and bearer sessions)', async () => {
    const { username, password } = await buildUser(servers.db, { email: 'linus.reset@example.com' });
    const browser = await logIn(username, password);
    expect(browser.status).toBe(200);
    const desktop = await api()
      .agent.post('/api/login')
      .set('X-Session-Transport', 'token')
      .send({ username, password });
    const bearer = `Bearer ${desktop.body.sessionToken as string}`;
    expect((await request(servers.url()).get('/api/auth/user').set('Authorization', bearer)).status).toBe(200);

    await api().post('/api/auth/password-reset/request', { login: username });
    const { token } = await resetLinkSentTo('linus.reset@example.com');
    const res = await api().post('/api/auth/password-reset/confirm', { token, password: 'a brand new passphrase' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/signed out everywhere/);

    expect((await browser.client.get('/api/auth/user')).status).toBe(401);
    expect((await request(servers.url()).get('/api/auth/user').set('Authorization', bearer)).status).toBe(401);
    expect((await logIn(username, password)).status).toBe(401);
    expect((await logIn(username, 'a brand new passphrase')).status).toBe(200);

    const again = await api().post('/api/auth/password-reset/confirm', { token, password: 'another new passphrase' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: RESET_LINK_INVALID });

    // The address hears that the password changed (issue 29), once, with the way back and no secret.
    await eventuallyRows(servers.db, 'password-changed:', (rows) =>
      rows.some((r) => r.recipient === 'linus.reset@example.com' && r.status === 'sent'),
    );
    const changed = sink.to('linus.reset@example.com').filter((m) => m.parsed.subject === 'Your password was changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.parsed.text).toContain('reset with an emailed link');
    expect(changed[0]!.parsed.text).toContain(`${servers.url()}/forgot-password`);
    expect(changed[0]!.parsed.text).not.toContain('a brand new passphrase');
  });

  it('refuses an expired link, and a link voided by a later reset', async () => {
    const { username } = await buildUser(servers.db, { email: 'expired.reset@example.com' });
    await api().post('/api/auth/password-reset/request', { login: username });
    const first = await resetLinkSentTo('expired.reset@example.com', 1);
    await api().post('/api/auth/password-reset/request', { login: username });
    const second = await resetLinkSentTo('expired.reset@example.com', 2);

    await servers
      .db('account_tokens')
      .where({ tokenHash: createHash('sha256').update(second.token).digest('hex') })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await api().post('/api/auth/password-reset/confirm', {
      token: second.token,
      password: 'fresh passphrase 1',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: RESET_LINK_INVALID });

    expect(
      (await api().post('/api/auth/password-reset/confirm', { token: first.token, password: 'fresh passphrase 2' }))
        .status,
    ).toBe(200);
    // After a reset, every other link of the account is void.
    await api().post('/api/auth/password-reset/request', { login: username });
    const third = await resetLinkSentTo('expired.reset@example.com', 3);
    expect(
      (await api().post('/api/auth/password-reset/confirm', { token: third.token, password: 'fresh passphrase 3' }))
        .status,
    ).toBe(200);
    expect(
      (await api().post('/api/auth/password-reset/confirm', { token: first.token, password: 'fresh passphrase 4' }))
        .status,
    ).toBe(400);
  });

  it('keeps the spec rules and refuses common passwords without using the link up', async () => {
    const { username } = await buildUser(servers.db, { email: 'rules.reset@example.com' });
    await api().post('/api/auth/password-reset/request', { login: username });
    const { token } = await resetLinkSentTo('rules.reset@example.com');

    const short = await api().post('/api/auth/password-reset/confirm', { token, password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'password: Password must be at least 6 characters' });
    for (const common of ['password1', 'Qwerty123', 'iloveyou']) {
      const res = await api().post('/api/auth/password-reset/confirm', { token, password: common });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: `password: ${COMMON_PASSWORD_MESSAGE}` });
    }
    expect((await api().post('/api/auth/password-reset/confirm', { token, password: 'not so common 42' })).status).toBe(
      200,
    );
  });

  it('refuses a malformed or unknown token with 400', async () => {
    const malformed = await api().post('/api/auth/password-reset/confirm', { token: 'abc', password: 'long enough 1' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^token: /);
    const unknown = await api().post('/api/auth/password-reset/confirm', {
      token: 'A'.repeat(43),
      password: 'long enough 1',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: RESET_LINK_INVALID });
  });
});
