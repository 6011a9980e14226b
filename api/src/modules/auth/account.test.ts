import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@shared/schemas/account';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { EMAIL_LINK_INVALID } from './account.service';

const t = setupTestApp({
  rateLimits: { ...roomyRateLimits, passwordChangePerUser: limitInOneWindow(4) },
});

async function client(options: Parameters<typeof buildUser>[1] = {}) {
  const built = await buildUser(t.db, options);
  const agent = t.agent();
  await logIn(agent, built);
  return { ...built, agent };
}

/** The token of the newest queued mail of a template to an address (no worker runs here: it is unscrubbed). */
async function tokenMailedTo(email: string, template: string): Promise<string> {
  const row = await t.db('mails').where({ recipient: email, template }).orderBy('createdAt', 'desc').first();
  if (!row) throw new Error(`no ${template} mail to ${email}`);
  return (row.data as { token: string }).token;
}

describe('POST /api/signup and the welcome mail', () => {
  it('queues a welcome mail with the account, when an email was given', async () => {
    const username = uniqueName('new');
    const res = await t
      .agent()
      .post('/api/signup')
      .send({ username, password: 'a fine passphrase', email: 'New@Example.com', firstName: 'Nia' });
    expect(res.status).toBe(201);
    const [mail] = await t.db('mails').where({ idempotencyKey: `welcome:${res.body.id}` });
    expect(mail).toMatchObject({
      template: 'welcome',
      recipient: 'new@example.com',
      status: 'queued',
      data: { name: 'Nia', username },
    });

    const without = await t
      .agent()
      .post('/api/signup')
      .send({ username: uniqueName('new'), password: 'a fine passphrase' });
    expect(without.status).toBe(201);
    expect(await t.db('mails').where({ idempotencyKey: `welcome:${without.body.id}` })).toHaveLength(0);
  });

  it('refuses a common password with a clear message and creates nothing', async () => {
    const username = uniqueName('new');
    const res = await t
      .agent()
      .post('/api/signup')
      .send({ username, password: 'password123', email: 'common@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: `password: ${COMMON_PASSWORD_MESSAGE}` });
    expect(await t.db('users').where({ username })).toHaveLength(0);
    expect(await t.db('mails').where({ recipient: 'common@example.com' })).toHaveLength(0);
  });
});

describe('GET /api/auth/account and PATCH /api/auth/user', () => {
  it('need a login', async () => {
    expect((await t.request().get('/api/auth/account')).status).toBe(401);
    expect((await t.request().patch('/api/auth/user').send({ firstName: 'X' })).status).toBe(401);
  });

  it('change first and last name at once, and clear them with empty values', async () => {
    const { agent, user } = await client({ email: 'names@example.com' });
    const res = await agent.patch('/api/auth/user').send({ firstName: '  Ada ', lastName: 'Lovelace' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'names@example.com',
      pendingEmail: null,
    });
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const cleared = await agent.patch('/api/auth/user').send({ lastName: '' });
    expect(cleared.body).toMatchObject({ firstName: 'Ada', lastName: null });
  });

  it.each([
    [{ firstName: 'x'.repeat(101) }, 'firstName: First name must be at most 100 characters'],
    [{ email: 'not an address' }, 'email: Invalid email address'],
    [{ email: 'a@b' }, 'email: Invalid email address'],
    [{ accountType: 'staff' }, /Unrecognized key/],
    [{ username: 'someone-else' }, /Unrecognized key/],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { agent, user } = await client({ email: 'refuse@example.com'.replace('refuse', uniqueName('r')) });
    const res = await agent.patch('/api/auth/user').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const after = await t.db('users').where({ id: user.id }).first();
    expect(after).toMatchObject({ firstName: null, accountType: 'client', email: user.email });
  });

  it('sets a new email only once it is confirmed through the link sent to it', async () => {
    const { agent, user } = await client({ email: 'old.address@example.com', firstName: 'Olga' });
    const res = await agent.patch('/api/auth/user').send({ email: 'New.Address@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'old.address@example.com', pendingEmail: 'new.address@example.com' });
    expect((await agent.get('/api/auth/account')).body.pendingEmail).toBe('new.address@example.com');
    const [mail] = await t.db('mails').where({ recipient: 'new.address@example.com' });
    expect(mail).toMatchObject({
      template: 'email-change',
      data: { name: 'Olga', newEmail: 'new.address@example.com' },
    });
    expect(mail.secrets).toEqual([mail.data.token]);

    const confirm = await t.request().post('/api/auth/email-change/confirm').send({ token: mail.data.token });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({
      message: 'Your email address is now new.address@example.com.',
      email: 'new.address@example.com',
    });
    expect((await t.db('users').where({ id: user.id }).first()).email).toBe('new.address@example.com');
    expect((await agent.get('/api/auth/account')).body.pendingEmail).toBeNull();

    const reused = await t.request().post('/api/auth/email-change/confirm').send({ token: mail.data.token });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: EMAIL_LINK_INVALID });
  });

  it('voids an earlier unconfirmed address when another is entered', async () => {
    const { agent } = await client({ email: 'first.try@example.com' });
    await agent.patch('/api/auth/user').send({ email: 'second.try@example.com' });
    const earlier = await tokenMailedTo('second.try@example.com', 'email-change');
    await agent.patch('/api/auth/user').send({ email: 'third.try@example.com' });
    expect((await t.request().post('/api/auth/email-change/confirm').send({ token: earlier })).status).toBe(400);
    const latest = await tokenMailedTo('third.try@example.com', 'email-change');
    expect((await t.request().post('/api/auth/email-change/confirm').send({ token: latest })).status).toBe(200);
  });

  it('refuses an address another account has, before and at confirmation', async () => {
    await buildUser(t.db, { email: 'taken@example.com' });
    const { agent } = await client({ email: 'mine@example.com' });
    const res = await agent.patch('/api/auth/user').send({ email: 'TAKEN@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'An account with this email already exists' });

    await agent.patch('/api/auth/user').send({ email: 'contested@example.com' });
    const token = await tokenMailedTo('contested@example.com', 'email-change');
    await buildUser(t.db, { email: 'contested@example.com' });
    const confirm = await t.request().post('/api/auth/email-change/confirm').send({ token });
    expect(confirm.status).toBe(409);
    expect(confirm.body).toEqual({ message: 'An account with this email already exists' });
  });

  it('removes the email at once when it is emptied', async () => {
    const { agent } = await client({ email: 'leaving@example.com' });
    const res = await agent.patch('/api/auth/user').send({ email: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: null, pendingEmail: null });
  });
});

describe('POST /api/auth/password', () => {
  it('needs the current password, then signs out every other session and keeps this one', async () => {
    const { agent, username, password } = await client();
    const other = t.agent();
    await logIn(other, { username, password });

    const wrong = await agent
      .post('/api/auth/password')
      .send({ currentPassword: 'not it', newPassword: 'a new passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'currentPassword: Current password is incorrect' });

    const res = await agent
      .post('/api/auth/password')
      .send({ currentPassword: password, newPassword: 'a new passphrase' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been changed. Other devices have been signed out.' });
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    const fresh = t.agent();
    expect((await fresh.post('/api/login').send({ username, password })).status).toBe(401);
    expect((await fresh.post('/api/login').send({ username, password: 'a new passphrase' })).status).toBe(200);
  });

  it("tells the account's address that the password changed, and nothing when a change is refused (issue 29)", async () => {
    const { agent, password } = await client({ email: 'changed.mine@example.com' });
    const changedMails = () =>
      t.db('mails').where({ recipient: 'changed.mine@example.com', template: 'password-changed' });
    await agent.post('/api/auth/password').send({ currentPassword: 'not it', newPassword: 'a new passphrase' });
    expect(await changedMails()).toHaveLength(0);
    const res = await agent
      .post('/api/auth/password')
      .send({ currentPassword: password, newPassword: 'a new passphrase' });
    expect(res.status).toBe(200);
    const mails = await changedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].data).toMatchObject({ how: 'changed', username: expect.any(String) });
    expect(JSON.stringify(mails[0].data)).not.toContain('a new passphrase');
  });

  it.each([
    [{ newPassword: '12345' }, 'newPassword: Password must be at least 6 characters'],
    [{ newPassword: 'letmein1' }, `newPassword: ${COMMON_PASSWORD_MESSAGE}`],
    [{ currentPassword: '' }, 'currentPassword: Current password is required'],
  ])('refuses %j with the field message', async (body, message) => {
    const { agent, password } = await client();
    const res = await agent
      .post('/api/auth/password')
      .send({ currentPassword: password, newPassword: 'fine passphrase', ...body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses the current password as the new one', async () => {
    const { agent, password } = await client();
    const res = await agent.post('/api/auth/password').send({ currentPassword: password, newPassword: password });
    expect(res.body).toEqual({ message: 'newPassword: Choose a password different from your current one' });
  });

  it('limits attempts per account (only the account itself can use them up)', async () => {
    const { agent } = await client();
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await agent.post('/api/auth/password').send({ currentPassword: `guess ${i}`, newPassword: 'fine passphrase' }))
          .status,
      ).toBe(400);
    }
    const res = await agent
      .post('/api/auth/password')
      .send({ currentPassword: 'guess', newPassword: 'fine passphrase' });
    expect(res.status).toBe(429);
  });
});

describe('changes that revoke every outstanding link of the account', () => {
  const resetLinkFor = async (email: string, username: string) => {
    expect((await t.request().post('/api/auth/password-reset/request').send({ login: username })).status).toBe(202);
    return tokenMailedTo(email, 'password-reset');
  };
  const confirmEmail = (token: string) => t.request().post('/api/auth/email-change/confirm').send({ token });
  const resetWith = (token: string) =>
    t.request().post('/api/auth/password-reset/confirm').send({ token, password: 'another fine passphrase' });

  it('a password change kills an email-change link (a signed-out intruder cannot take the address)', async () => {
    const { agent, password, user } = await client({ email: 'owner.a@example.com' });
    await agent.patch('/api/auth/user').send({ email: 'intruder.a@example.com' });
    const intruderLink = await tokenMailedTo('intruder.a@example.com', 'email-change');
    const changed = await agent
      .post('/api/auth/password')
      .send({ currentPassword: password, newPassword: 'a new passphrase' });
    expect(changed.status).toBe(200);
    expect((await confirmEmail(intruderLink)).body).toEqual({ message: EMAIL_LINK_INVALID });
    expect((await t.db('users').where({ id: user.id }).first()).email).toBe('owner.a@example.com');
  });

  it('a password change kills a reset link', async () => {
    const { agent, password, username } = await client({ email: 'owner.b@example.com' });
    const reset = await resetLinkFor('owner.b@example.com', username);
    await agent.post('/api/auth/password').send({ currentPassword: password, newPassword: 'a new passphrase' });
    expect((await resetWith(reset)).status).toBe(400);
  });

  it('a confirmed email change kills a reset link mailed to the old address', async () => {
    const { agent, username } = await client({ email: 'owner.c@example.com' });
    const reset = await resetLinkFor('owner.c@example.com', username);
    await agent.patch('/api/auth/user').send({ email: 'owner.c.new@example.com' });
    const change = await tokenMailedTo('owner.c.new@example.com', 'email-change');
    expect((await confirmEmail(change)).status).toBe(200);
    expect((await resetWith(reset)).status).toBe(400);
  });

  it('removing the email kills a reset link mailed to it', async () => {
    const { agent, username } = await client({ email: 'owner.d@example.com' });
    const reset = await resetLinkFor('owner.d@example.com', username);
    expect((await agent.patch('/api/auth/user').send({ email: '' })).status).toBe(200);
    expect((await resetWith(reset)).status).toBe(400);
  });

  it('a password reset kills an email-change link', async () => {
    const { agent, username } = await client({ email: 'owner.e@example.com' });
    await agent.patch('/api/auth/user').send({ email: 'intruder.e@example.com' });
    const intruderLink = await tokenMailedTo('intruder.e@example.com', 'email-change');
    const reset = await resetLinkFor('owner.e@example.com', username);
    expect((await resetWith(reset)).status).toBe(200);
    expect((await confirmEmail(intruderLink)).status).toBe(400);
  });
});

describe('verified email addresses', () => {
  const confirmEmail = (token: string) => t.request().post('/api/auth/email-change/confirm').send({ token });

  it('sign-up leaves the address unverified; the link in the welcome mail verifies it', async () => {
    const agent = t.agent();
    const username = uniqueName('verify');
    const res = await agent
      .post('/api/signup')
      .send({ username, password: 'a fine passphrase', email: 'verify.me@example.com' });
    expect(res.status).toBe(201);
    expect((await agent.get('/api/auth/account')).body).toMatchObject({ emailVerified: false, pendingEmail: null });
    const [mail] = await t.db('mails').where({ idempotencyKey: `welcome:${res.body.id}` });
    const token = (mail.data as { verifyToken: string }).verifyToken;
    expect(mail.secrets).toEqual([token]);
    const confirmed = await confirmEmail(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: 'Your email address verify.me@example.com is confirmed.',
      email: 'verify.me@example.com',
    });
    expect((await agent.get('/api/auth/account')).body).toMatchObject({
      email: 'verify.me@example.com',
      emailVerified: true,
    });
    expect((await confirmEmail(token)).status).toBe(400);
  });

  it('POST /api/auth/email-verification mails a new link; refused without an address or once verified', async () => {
    expect((await t.request().post('/api/auth/email-verification')).status).toBe(401);
    const { agent } = await client({ email: 'later@example.com' });
    const sent = await agent.post('/api/auth/email-verification');
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({
      message: 'We sent a confirmation link to later@example.com. It works once, for one hour.',
    });
    const token = await tokenMailedTo('later@example.com', 'email-verification');
    expect((await confirmEmail(token)).status).toBe(200);
    const again = await agent.post('/api/auth/email-verification');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Your email address later@example.com is already confirmed.' });

    const none = await client({ email: null });
    expect((await none.agent.post('/api/auth/email-verification')).status).toBe(409);
  });

  it('a confirmed email change verifies the new address; a verification link of the old one is dead', async () => {
    const { agent } = await client({ email: 'before.change@example.com' });
    await agent.post('/api/auth/email-verification');
    const oldLink = await tokenMailedTo('before.change@example.com', 'email-verification');
    await agent.patch('/api/auth/user').send({ email: 'after.change@example.com' });
    expect((await confirmEmail(await tokenMailedTo('after.change@example.com', 'email-change'))).status).toBe(200);
    expect((await agent.get('/api/auth/account')).body).toMatchObject({
      email: 'after.change@example.com',
      emailVerified: true,
    });
    expect((await confirmEmail(oldLink)).status).toBe(400);
    // Removing the address removes its verification with it.
    await agent.patch('/api/auth/user').send({ email: '' });
    expect((await agent.get('/api/auth/account')).body).toMatchObject({ email: null, emailVerified: false });
  });
});
