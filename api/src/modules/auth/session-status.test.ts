import { describe, expect, it } from 'vitest';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp();

describe('GET /api/auth/session', () => {
  it('answers 200 with no user when logged out (public pages ask it without a failed request)', async () => {
    const res = await t.request().get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers with the public user when logged in', async () => {
    const built = await buildUser(t.db, { firstName: 'Katherine' });
    const agent = t.agent();
    await logIn(agent, built);
    const res = await agent.get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: built.user.id, firstName: 'Katherine', accountType: 'client' });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });
});
