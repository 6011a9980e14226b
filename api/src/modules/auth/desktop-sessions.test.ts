import { describe, expect, it } from 'vitest';
import { tokenLoginAnswerSchema } from '@shared/schemas/auth';
import { roomyRateLimits } from '../../test/config';
import { twoFactorRequiredAnswerSchema } from '@shared/schemas/two-factor';
import { buildUser, logIn, nextTotpCode } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';

const DESKTOP = 'app://console';
const ADMIN_TOKEN = 'desktop-test-admin-token-0123456789';
const t = setupTestApp({ rateLimits: roomyRateLimits, adminToken: ADMIN_TOKEN });

/**
 * Logs in the way the desktop console's main process does; returns the
 * answer and the token. Staff are admins, with two-factor sign-in: the first
 * step gives a token for the half-done sign-in, the second the session's.
 */
async function tokenLogin(accountType: 'staff' | 'client' = 'staff') {
  const built = await buildUser(t.db, { accountType });
  let res = await t
    .request()
    .post('/api/login')
    .set('X-Session-Transport', 'token')
    .send({ username: built.username, password: built.password });
  expect(res.status).toBe(200);
  if (built.totpSecret) {
    const pending = twoFactorRequiredAnswerSchema.parse(res.body);
    expect(pending.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    res = await t
      .request()
      .post('/api/login/2fa')
      .set('X-Session-Transport', 'token')
      .set('Authorization', `Bearer ${pending.sessionToken}`)
      .send({ code: await nextTotpCode(built.totpSecret) });
    expect(res.status).toBe(200);
  }
  const answer = tokenLoginAnswerSchema.parse(res.body);
  return { built, res, token: answer.sessionToken, bearer: `Bearer ${answer.sessionToken}` };
}

/** Set-Cookie values that carry a session (clearing an old cookie carries none). */
function sessionCookies(res: { headers: Record<string, unknown> }): string[] {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.filter((cookie) => /^(__Host-)?sid=[^;]+/.test(cookie));
}

describe('token login (desktop console)', () => {
  it('answers the user and a session token, and sets no cookie', async () => {
    const { built, res, token } = await tokenLogin();
    expect(res.body).toMatchObject({ id: built.user.id, username: built.username, accountType: 'staff' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    // The token is signed: the session id alone (what the sessions table holds) is not a credential.
    const [sessionId] = token.split('.');
    const row = await t.db('sessions').where({ sid: sessionId }).first();
    expect(row?.userId).toBe(built.user.id);
    const bare = await t.request().get('/api/auth/user').set('Authorization', `Bearer ${sessionId}`);
    expect(bare.status).toBe(401);
  });

  it('keeps the web login unchanged: a cookie and the user, no token', async () => {
    const built = await buildUser(t.db);
    const res = await t.request().post('/api/login').send({ username: built.username, password: built.password });
    expect(res.status).toBe(200);
    expect(res.body.sessionToken).toBeUndefined();
    expect(sessionCookies(res).length).toBeGreaterThan(0);
  });

  it('is accepted from the desktop origin, where a cookie login is not', async () => {
    const built = await buildUser(t.db, { accountType: 'staff' });
    const credentials = { username: built.username, password: built.password };
    const token = await t
      .request()
      .post('/api/login')
      .set('Origin', DESKTOP)
      .set('X-Session-Transport', 'token')
      .send(credentials);
    expect(token.status).toBe(200);
    expect(token.headers['access-control-allow-origin']).toBe(DESKTOP);
    const cookie = await t.request().post('/api/login').set('Origin', DESKTOP).send(credentials);
    expect(cookie.status).toBe(403);
  });

  it('refuses a wrong password the same way as the web login', async () => {
    const built = await buildUser(t.db);
    const res = await t
      .request()
      .post('/api/login')
      .set('X-Session-Transport', 'token')
      .send({ username: built.username, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid username or password' });
  });
});

describe('bearer sessions', () => {
  it('authenticate API calls and obey the same staff checks as cookies', async () => {
    const staff = await tokenLogin('staff');
    const me = await t.request().get('/api/auth/user').set('Authorization', staff.bearer);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(staff.built.user.id);
    expect((await t.request().get('/api/chat/conversations').set('Authorization', staff.bearer)).status).toBe(200);

    const client = await tokenLogin('client');
    const refused = await t.request().get('/api/chat/conversations').set('Authorization', client.bearer);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Staff only' });
  });

  it('lose staff rights as soon as the account does', async () => {
    const staff = await tokenLogin('staff');
    await t.db('users').where({ id: staff.built.user.id }).update({ accountType: 'client', staffRole: null });
    const res = await t.request().get('/api/chat/conversations').set('Authorization', staff.bearer);
    expect(res.status).toBe(403);
  });

  it.each([
    ['garbage', 'Bearer not-a-token'],
    ['a forged signature', `Bearer ${'a'.repeat(43)}.${'b'.repeat(43)}`],
    ['non-ASCII bytes', 'Bearer \u00f1\u00ff.\u00e9'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a huge header', `Bearer ${'x'.repeat(6000)}`],
    ['an empty bearer', 'Bearer '],
  ])('answer 401 to %s, never 5xx', async (_name, header) => {
    const res = await t.request().get('/api/auth/user').set('Authorization', header);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('never fall back to the session cookie', async () => {
    const agent = t.agent();
    await logIn(agent, await buildUser(t.db));
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    const withBearer = await agent.get('/api/auth/user').set('Authorization', 'Bearer not-a-token');
    expect(withBearer.status).toBe(401);
  });

  it('end at logout: the token no longer works', async () => {
    const { bearer, token } = await tokenLogin();
    const out = await t.request().post('/api/logout').set('Origin', DESKTOP).set('Authorization', bearer);
    expect(out.status).toBe(204);
    expect(sessionCookies(out)).toEqual([]);
    expect((await t.request().get('/api/auth/user').set('Authorization', bearer)).status).toBe(401);
    expect(await t.db('sessions').where({ sid: token.split('.')[0] })).toHaveLength(0);
  });
});

describe('cross-origin requests from the desktop console', () => {
  it('answers preflights from the desktop origin, never allowing credentials', async () => {
    const res = await t
      .request()
      .options('/api/chat/conversations')
      .set('Origin', DESKTOP)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP);
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(res.headers['access-control-allow-methods']).toMatch(/PATCH/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('lets the console read answers and the list cursor header', async () => {
    const { bearer } = await tokenLogin();
    const res = await t.request().get('/api/chat/conversations').set('Origin', DESKTOP).set('Authorization', bearer);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP);
    expect(res.headers['access-control-expose-headers']).toMatch(/X-Next-Cursor/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    // Errors are readable too (the console shows their message).
    const denied = await t.request().get('/api/auth/user').set('Origin', DESKTOP);
    expect(denied.status).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(DESKTOP);
  });

  it('gives other origins, and pages outside /api, no CORS headers', async () => {
    const foreign = await t
      .request()
      .options('/api/auth/user')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const site = await t.request().get('/healthz').set('Origin', DESKTOP);
    expect(site.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts writes from the desktop origin only with bearer credentials (no cookie CSRF)', async () => {
    const agent = t.agent();
    await logIn(agent, await buildUser(t.db));
    // A cookie-authenticated write claiming the desktop origin is refused: only bearer requests may use it.
    const cookieWrite = await agent.post('/api/logout').set('Origin', DESKTOP);
    expect(cookieWrite.status).toBe(403);
    expect(cookieWrite.body).toEqual({ message: 'Cross-origin request refused' });
    expect((await agent.get('/api/auth/user')).status).toBe(200);

    const { bearer } = await tokenLogin();
    const foreign = await t
      .request()
      .post('/api/logout')
      .set('Origin', 'https://evil.example')
      .set('Authorization', bearer);
    expect(foreign.status).toBe(403);
    expect((await t.request().get('/api/auth/user').set('Authorization', bearer)).status).toBe(200);
  });

  it('lets the /admin screen seed with the admin token from the desktop origin', async () => {
    const res = await t
      .request()
      .post('/api/admin/seed-products')
      .set('Origin', DESKTOP)
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThan(0);
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP);
    const wrong = await t
      .request()
      .post('/api/admin/seed-products')
      .set('Origin', DESKTOP)
      .set('Authorization', 'Bearer nope');
    expect(wrong.status).toBe(401);
  });
});

describe('DESKTOP_ORIGINS=none', () => {
  const closed = setupTestApp({ desktopOrigins: [] });

  it('allows no desktop origin at all', async () => {
    const preflight = await closed
      .request()
      .options('/api/auth/user')
      .set('Origin', DESKTOP)
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const write = await closed.request().post('/api/logout').set('Origin', DESKTOP).set('Authorization', 'Bearer x');
    expect(write.status).toBe(403);
  });
});
