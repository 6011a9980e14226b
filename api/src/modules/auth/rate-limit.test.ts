import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config';
import { buildUser, uniqueName } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';

// Real limits; X-Forwarded-For (trusted here) lets each case be its own client.
const t = setupTestApp({ trustProxy: true });

describe('rate limits', () => {
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

  it('limits login attempts per username, from any IP, even with the right password', async () => {
    const built = await buildUser(t.db);
    const { limit } = defaultRateLimits.loginPerUsername;
    for (let i = 0; i < limit; i += 1) {
      const res = await t
        .request()
        .post('/api/login')
        .set('X-Forwarded-For', `198.51.100.${i + 1}`)
        .send({ username: built.username, password: 'guess' });
      expect(res.status).toBe(401);
    }
    const blocked = await t
      .request()
      .post('/api/login')
      .set('X-Forwarded-For', '198.51.100.200')
      .send({ username: built.username, password: built.password });
    expect(blocked.status).toBe(429);
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
