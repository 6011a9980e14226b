import { describe, expect, it } from 'vitest';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { User } from '../users/user.model';
import { limitInOneWindow } from '../../test/config';

const roomy = limitInOneWindow(10_000);
const t = setupTestApp({
  rateLimits: { loginPerIp: roomy, loginPerUserAndIp: roomy, signupPerIp: roomy },
});

function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = res.headers['set-cookie'] as string[] | undefined;
  return cookies?.find((c) => c.startsWith('sid='))?.split(';')[0];
}

describe('signup', () => {
  it('creates a client account, logs it in and never returns the password hash', async () => {
    const agent = t.agent();
    const username = uniqueName();
    const res = await agent
      .post('/api/signup')
      .send({ username, password: 'quiet-harbor-1', email: 'Ada@Example.com', firstName: 'Ada', lastName: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      accountType: 'client',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
    const cookie = res.headers['set-cookie'] as unknown as string[];
    expect(cookie.join(';')).toMatch(/sid=.*httponly/i);
    expect(cookie.join(';')).toMatch(/samesite=lax/i);

    const me = await agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(username);

    const stored = await User.query(t.db).findById(res.body.id);
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain('quiet-harbor-1');
  });

  it.each([
    [{ username: 'ab', password: 'quiet-harbor-1' }, 'username: Username must be at least 3 characters'],
    [{ username: 'abc', password: 'short' }, 'password: Password must be at least 6 characters'],
    [{ username: 'abcd', password: 'quiet-harbor-1', email: 'not-an-email' }, 'email: Invalid email address'],
    [
      { username: 'has space', password: 'quiet-harbor-1' },
      'username: Username may contain only letters, numbers, dots, dashes and underscores',
    ],
  ])('rejects %j with the spec message', async (body, message) => {
    const res = await t.request().post('/api/signup').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses a duplicate username (ignoring case) and a duplicate email with 409', async () => {
    const existing = await buildUser(t.db, { email: 'taken@example.com' });
    const dupName = await t
      .request()
      .post('/api/signup')
      .send({ username: existing.username.toUpperCase(), password: 'quiet-harbor-1' });
    expect(dupName.status).toBe(409);
    expect(dupName.body).toEqual({ message: 'Username is already taken' });
    const dupEmail = await t
      .request()
      .post('/api/signup')
      .send({ username: uniqueName(), password: 'quiet-harbor-1', email: 'TAKEN@example.com' });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body).toEqual({ message: 'An account with this email already exists' });
  });

  it('cannot be used to make a staff account', async () => {
    const res = await t
      .request()
      .post('/api/signup')
      .send({ username: uniqueName(), password: 'quiet-harbor-1', accountType: 'staff' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Unrecognized key/);
  });
});

describe('login and logout', () => {
  it('logs in, regenerates the session id, and logs out', async () => {
    const built = await buildUser(t.db, { firstName: 'Grace' });
    const agent = t.agent();
    // A visitor session exists before login (e.g. from chat); login must not keep its id.
    const anonymous = await agent.post('/api/login').send({ username: built.username, password: 'wrong-password' });
    expect(anonymous.status).toBe(401);

    const res = await agent
      .post('/api/login')
      .send({ username: built.username.toUpperCase(), password: built.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: built.user.id, firstName: 'Grace' });
    const firstSid = sessionCookie(res);
    expect(firstSid).toBeDefined();

    await logIn(agent, built);
    const me = await agent.get('/api/auth/user');
    expect(me.body.id).toBe(built.user.id);

    const second = await agent.post('/api/login').send({ username: built.username, password: built.password });
    expect(sessionCookie(second)).not.toBe(firstSid);

    const out = await agent.post('/api/logout');
    expect(out.status).toBe(204);
    const after = await agent.get('/api/auth/user');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Unauthorized' });
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const built = await buildUser(t.db);
    const wrong = await t.request().post('/api/login').send({ username: built.username, password: 'not-it' });
    const unknown = await t.request().post('/api/login').send({ username: uniqueName(), password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ username: '', password: 'x' }, 'username: Username is required'],
    [{ username: 'someone', password: '' }, 'password: Password is required'],
    [{ password: 'x' }, 'username: Invalid input: expected string, received undefined'],
  ])('validates %j', async (body, message) => {
    const res = await t.request().post('/api/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('ends the session of a deleted account', async () => {
    const built = await buildUser(t.db);
    const agent = t.agent();
    await logIn(agent, built);
    await User.query(t.db).deleteById(built.user.id);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    const rows = await t.db('sessions').where({ userId: built.user.id });
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/login', () => {
  it('sends the visitor to the login page and keeps where they were going', async () => {
    const res = await t.request().get('/api/login?next=/checkout');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?next=%2Fcheckout');
  });

  it('falls back to the referring page of our own site', async () => {
    const res = await t
      .request()
      .get('/api/login')
      .set('Host', 'shop.test')
      .set('Referer', 'http://shop.test/checkout');
    expect(res.headers.location).toBe('/login?next=%2Fcheckout');
    const foreign = await t.request().get('/api/login').set('Host', 'shop.test').set('Referer', 'https://evil.test/x');
    expect(foreign.headers.location).toBe('/login');
  });

  it.each(['//evil.test/x', 'https://evil.test', '/\\evil.test', 'javascript:alert(1)'])(
    'never redirects off-site (%s)',
    async (next) => {
      const res = await t.request().get(`/api/login?next=${encodeURIComponent(next)}`);
      expect(res.headers.location).toBe('/login');
    },
  );
});
