import { describe, expect, it } from 'vitest';
import type { AccountSession } from '@shared/schemas/sessions';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { describeUserAgent } from './user-agent';

const t = setupTestApp({ rateLimits: roomyRateLimits });

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The same account signed in from a Chrome on Windows, a Safari on an iPhone and the desktop console. */
async function signedInThreeWays() {
  const built = await buildUser(t.db);
  const chrome = t.agent().set('User-Agent', CHROME_WINDOWS);
  await logIn(chrome, built);
  const iphone = t.agent().set('User-Agent', SAFARI_IPHONE);
  await logIn(iphone, built);
  const login = await t
    .request()
    .post('/api/login')
    .set('X-Session-Transport', 'token')
    .send({ username: built.username, password: built.password });
  const bearer = `Bearer ${login.body.sessionToken as string}`;
  return { built, chrome, iphone, bearer };
}

async function sessionsOf(agent: ReturnType<typeof t.agent>): Promise<AccountSession[]> {
  const res = await agent.get('/api/account/sessions');
  expect(res.status).toBe(200);
  return res.body.sessions as AccountSession[];
}

describe('GET /api/account/sessions', () => {
  it("lists the account's sessions with device, address and times, this one marked, and never a sid", async () => {
    const { built, chrome } = await signedInThreeWays();
    const other = await buildUser(t.db);
    await logIn(t.agent(), other);
    const sessions = await sessionsOf(chrome);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Windows', 'Desktop console', 'Safari on iPhone']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Windows']);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(session.ip).toBeTruthy();
      expect(Date.parse(session.signedInAt!)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt!)).not.toBeNaN();
    }
    const sids = (await t.db('sessions').where({ userId: built.user.id })).map((row) => row.sid as string);
    const body = JSON.stringify(sessions);
    for (const sid of sids) expect(body).not.toContain(sid);
    expect((await t.request().get('/api/account/sessions')).status).toBe(401);
  });

  it('brings last-seen up to date at most once a minute', async () => {
    const built = await buildUser(t.db);
    const agent = t.agent();
    await logIn(agent, built);
    const long = new Date(Date.now() - 10 * 60_000);
    await t.db('sessions').where({ userId: built.user.id }).update({ lastSeenAt: long });
    await agent.get('/api/auth/user');
    const seen = (await t.db('sessions').where({ userId: built.user.id }).first()).lastSeenAt as Date;
    expect(seen.getTime()).toBeGreaterThan(long.getTime());
    const recent = new Date(Date.now() - 30_000);
    await t.db('sessions').where({ userId: built.user.id }).update({ lastSeenAt: recent });
    await agent.get('/api/auth/user');
    expect(((await t.db('sessions').where({ userId: built.user.id }).first()).lastSeenAt as Date).getTime()).toBe(
      recent.getTime(),
    );
  });
});

describe('signing sessions out', () => {
  it('DELETE /api/account/sessions/:id ends that session (401 after) and not the others', async () => {
    const { chrome, iphone, bearer } = await signedInThreeWays();
    const phone = (await sessionsOf(chrome)).find((s) => s.device === 'Safari on iPhone')!;
    const res = await chrome.delete(`/api/account/sessions/${phone.id}`);
    expect(res.status).toBe(204);
    expect((await iphone.get('/api/auth/user')).status).toBe(401);
    expect((await chrome.get('/api/auth/user')).status).toBe(200);
    expect((await t.request().get('/api/auth/user').set('Authorization', bearer)).status).toBe(200);
    expect((await chrome.delete(`/api/account/sessions/${phone.id}`)).status).toBe(404);
  });

  it("answers 404 for another account's session, a bad id or an unknown one, and ends nothing", async () => {
    const { chrome } = await signedInThreeWays();
    const stranger = t.agent();
    await logIn(stranger, await buildUser(t.db));
    const [target] = await sessionsOf(chrome);
    for (const id of [target!.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await stranger.delete(`/api/account/sessions/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
    expect(await sessionsOf(chrome)).toHaveLength(3);
  });

  it('signing out this session from the list signs out', async () => {
    const { chrome } = await signedInThreeWays();
    const current = (await sessionsOf(chrome)).find((s) => s.current)!;
    expect((await chrome.delete(`/api/account/sessions/${current.id}`)).status).toBe(204);
    expect((await chrome.get('/api/auth/user')).status).toBe(401);
  });

  it('POST /api/account/sessions/sign-out-others ends every other session, the desktop token among them', async () => {
    const { chrome, iphone, bearer } = await signedInThreeWays();
    const res = await chrome.post('/api/account/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect((await iphone.get('/api/auth/user')).status).toBe(401);
    expect((await t.request().get('/api/auth/user').set('Authorization', bearer)).status).toBe(401);
    expect((await chrome.get('/api/auth/user')).status).toBe(200);
    expect((await sessionsOf(chrome)).map((s) => s.current)).toEqual([true]);
  });

  it('works for a desktop token session too', async () => {
    const { chrome, bearer } = await signedInThreeWays();
    const list = await t.request().get('/api/account/sessions').set('Authorization', bearer);
    expect(list.body.sessions.find((s: AccountSession) => s.current).device).toBe('Desktop console');
    const res = await t.request().post('/api/account/sessions/sign-out-others').set('Authorization', bearer);
    expect(res.body).toEqual({ ended: 2 });
    expect((await chrome.get('/api/auth/user')).status).toBe(401);
  });
});

describe('describeUserAgent', () => {
  it.each([
    [CHROME_WINDOWS, null, 'Chrome on Windows'],
    [SAFARI_IPHONE, null, 'Safari on iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', null, 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      null,
      'Edge on macOS',
    ],
    ['node', 'token', 'Desktop console'],
    ['curl/8.5.0', null, 'Unknown browser'],
    [null, null, 'Unknown browser'],
  ])('%s → %s', (userAgent, transport, expected) => {
    expect(describeUserAgent(userAgent, transport)).toBe(expected);
  });
});
