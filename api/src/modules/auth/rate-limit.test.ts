import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config';
import { limitInOneWindow } from '../../test/config';
import { buildUser, uniqueName } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';

// Real limits, except the account-wide ceiling (50 in production) kept low so the test hashes fewer passwords,
// each counted in a window no case crosses (a case takes up to a minute; the real windows are 15 minutes long);
// X-Forwarded-For (trusted here) lets each case be its own client.
const t = setupTestApp({
  trustProxy: true,
  rateLimits: {
    loginPerIp: limitInOneWindow(defaultRateLimits.loginPerIp.limit),
    loginPerUserAndIp: limitInOneWindow(defaultRateLimits.loginPerUserAndIp.limit),
    loginFailuresPerUsername: limitInOneWindow(15),
    signupPerIp: limitInOneWindow(defaultRateLimits.signupPerIp.limit),
  },
});

// Each case hashes and checks dozens of passwords (deliberately slow work): a minute each on a busy machine.
describe('rate limits', { timeout: 60_000 }, () => {
  it('limits login attempts per IP with 429 and Retry-After', async () => {
    const ip = '203.0.113.10';
    const { limit } = defaultRateLimits.loginPerIp;
    for (let i = 0; i < limit; i += 1) {
      const res = await t
        .request()
        .post('/api/login')
        .set('X-Forwarded-For', ip)
        .send({ username: uniqueName(), password: 'x' });
      expect(res.status).toBe(401);
    }
    const blocked = await t
      .request()
      .post('/api/login')
      .set('X-Forwarded-For', ip)
      .send({ username: uniqueName(), password: 'x' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many login attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is unaffected.
    const other = await t
      .request()
      .post('/api/login')
      .set('X-Forwarded-For', '203.0.113.11')
      .send({ username: uniqueName(), password: 'x' });
    expect(other.status).toBe(401);
  });

  const login = (ip: string, body: { username: string; password: string }, cookie?: string) => {
    const req = t.request().post('/api/login').set('X-Forwarded-For', ip);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ username: body.username, password: body.password });
  };

  it('never locks the owner out: ten wrong passwords from one IP throttle that IP, not the account (staff too)', async () => {
    const owner = await buildUser(t.db, { accountType: 'staff' });
    const attacker = '198.51.100.7';
    const { limit } = defaultRateLimits.loginPerUserAndIp;
    for (let i = 0; i < limit; i += 1) {
      expect((await login(attacker, { username: owner.username, password: `guess-${i}` })).status).toBe(401);
    }
    // The attacker is throttled for this username, even if they now guessed right…
    const throttled = await login(attacker, { username: owner.username, password: owner.password });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many login attempts/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // …while the owner, from their own address, logs in at once (any letter case of the name): an admin, whose
    // password is accepted and whose second step follows (decision 169).
    const owned = await login('203.0.113.77', { username: owner.username.toUpperCase(), password: owner.password });
    expect(owned.status).toBe(200);
    expect(owned.body).toEqual({ twoFactorRequired: true });
    // And the attacker stays throttled.
    expect((await login(attacker, { username: owner.username, password: 'one-more' })).status).toBe(429);
  });

  it('lets only known browsers and addresses through while guesses come from many addresses', async () => {
    const owner = await buildUser(t.db);
    const home = '192.0.2.200';
    // The owner logged in before, from home with a browser that keeps the login-device cookie.
    const earlier = await login(home, owner);
    expect(earlier.status).toBe(200);
    const setCookie = ([] as string[]).concat(earlier.headers['set-cookie'] ?? []);
    const device = setCookie.find((c) => c.startsWith('login_device='));
    expect(device).toMatch(/Path=\/api\/login;.*httponly/i);
    expect(device).toMatch(/samesite=strict/i);
    const deviceCookie = device!.split(';')[0]!;

    // A botnet: five failures from each of many addresses, each under the per-pair limit.
    const { limit } = t.deps.config.rateLimits.loginFailuresPerUsername;
    expect(limit).toBeGreaterThan(defaultRateLimits.loginPerUserAndIp.limit);
    for (let i = 0; i < limit; i += 1) {
      const res = await login(`10.66.${Math.floor(i / 5)}.${(i % 5) + 1}`, {
        username: owner.username,
        password: 'x1',
      });
      expect(res.status).toBe(401);
    }
    // A new address without the cookie now waits, even with the right password…
    const stranger = await login('10.77.0.1', owner);
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toMatch(/Log in from a device or network you have used before/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // …but the owner's browser, from a café, and the owner's home address (the desktop console keeps no cookie) get in.
    expect((await login('10.88.0.1', owner, deviceCookie)).status).toBe(200);
    expect((await login(home, owner)).status).toBe(200);
    // A cookie for another account, or a forged one, does not help.
    const other = await buildUser(t.db);
    const otherLogin = await login('10.99.0.1', other);
    const otherCookie = ([] as string[])
      .concat(otherLogin.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('login_device='));
    expect((await login('10.88.0.2', owner, otherCookie!.split(';')[0])).status).toBe(429);
    expect((await login('10.88.0.3', owner, `login_device=${'A'.repeat(22)}`)).status).toBe(429);
    // Other accounts are not affected.
    expect((await login('10.77.0.1', other)).status).toBe(200);
  });

  it('limits sign-ups per IP', async () => {
    const ip = '192.0.2.50';
    const { limit } = defaultRateLimits.signupPerIp;
    for (let i = 0; i < limit; i += 1) {
      const res = await t
        .request()
        .post('/api/signup')
        .set('X-Forwarded-For', ip)
        .send({ username: uniqueName(), password: 'quiet-harbor-1' });
      expect(res.status).toBe(201);
    }
    const blocked = await t
      .request()
      .post('/api/signup')
      .set('X-Forwarded-For', ip)
      .send({ username: uniqueName(), password: 'quiet-harbor-1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many sign-up attempts/);
  });
});
