import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp({ rateLimits: roomyRateLimits });

/** The session cookie and its signature from a login's Set-Cookie headers. */
async function loginCookies(): Promise<{ sid: string; sig: string }> {
  const built = await buildUser(t.db);
  const res = await t.request().post('/api/login').send({ username: built.username, password: built.password });
  expect(res.status).toBe(200);
  const cookies = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]!);
  const value = (name: string) => cookies.find((c) => c.startsWith(`${name}=`))!.slice(name.length + 1);
  return { sid: value('sid'), sig: value('sid.sig') };
}

const asUser = (cookie: string) => t.request().get('/api/auth/user').set('Cookie', cookie);

describe('the signed session cookie (checked signatures are remembered, decision 172)', () => {
  it('answers a right pair every time, and never a wrong signature, before or after the right one was seen', async () => {
    const { sid, sig } = await loginCookies();
    const forged = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    // A wrong signature before the right one was ever checked: no session, and the signature cookie is cleared.
    const before = await asUser(`sid=${sid}; sid.sig=${forged}`);
    expect(before.status).toBe(401);
    expect(String(before.headers['set-cookie'])).toContain('sid.sig=;');
    expect((await asUser(`sid=${sid}; sid.sig=${sig}`)).status).toBe(200);
    expect((await asUser(`sid=${sid}; sid.sig=${sig}`)).status).toBe(200);
    // And after it was remembered: the remembered pair is the value with its own signature, nothing else.
    expect((await asUser(`sid=${sid}; sid.sig=${forged}`)).status).toBe(401);
    expect((await asUser(`sid=${sid}`)).status).toBe(401);
    expect((await asUser(`sid=${sid}x; sid.sig=${sig}`)).status).toBe(401);
  });
});
