import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser, type BuiltUser } from '../../test/factories';
import { eventually, loginCookie } from '../../test/chat';
import { useApiServers } from '../../test/servers';
import { sessionCacheFor } from './session-cache';

/*
 * Each instance answers signed-in requests from its in-memory copy of the session (decision 172); whatever changes
 * the session or its account — a logout on another instance, a role change or deactivation, an UPDATE typed by hand —
 * drops that copy on every instance as PostgreSQL announces it, so no instance keeps serving what is no longer true.
 */

const servers = useApiServers(2, { configure: () => ({ rateLimits: roomyRateLimits }) });

const cacheOf = (instance: number) => sessionCacheFor(servers.instance(instance).deps.db);

function get(instance: number, path: string, cookie: string) {
  return fetch(`${servers.url(instance)}${path}`, { headers: { Cookie: cookie } });
}

async function status(instance: number, path: string, cookie: string): Promise<number> {
  const response = await get(instance, path, cookie);
  await response.arrayBuffer();
  return response.status;
}

async function firstName(instance: number, cookie: string): Promise<string | null> {
  const response = await get(instance, '/api/auth/user', cookie);
  return response.status === 200 ? ((await response.json()) as { firstName: string | null }).firstName : null;
}

async function signedIn(options: Parameters<typeof buildUser>[1] = {}): Promise<{ built: BuiltUser; cookie: string }> {
  const built = await buildUser(servers.db, options);
  // Signed in on instance 0, then seen by instance 1, so both hold a copy.
  const cookie = await loginCookie(servers.url(0), built);
  expect(await status(0, '/api/auth/user', cookie)).toBe(200);
  expect(await status(1, '/api/auth/user', cookie)).toBe(200);
  return { built, cookie };
}

describe('the in-memory session cache across instances', () => {
  it('serves a signed-in request from memory, and only the database’s notice makes a change visible', async () => {
    const { built, cookie } = await signedIn({ firstName: 'Ada' });
    expect(cacheOf(1).size).toBeGreaterThan(0);

    // Without the notice, the copy is what instance 1 answers: the request did not read the database.
    await servers.db.raw('alter table users disable trigger users_cache_notify');
    try {
      await servers.db('users').where({ id: built.user.id }).update({ firstName: 'Unannounced' });
      expect(await firstName(1, cookie)).toBe('Ada');
    } finally {
      await servers.db.raw('alter table users enable trigger users_cache_notify');
    }

    await servers.db('users').where({ id: built.user.id }).update({ firstName: 'Grace' });
    await eventually(async () => (await firstName(1, cookie)) === 'Grace');
    expect(await firstName(0, cookie)).toBe('Grace');
  });

  it('a change made through an instance is what its next request reads, without waiting for the notice', async () => {
    const { cookie } = await signedIn({ firstName: 'Before' });
    // No notice at all: only the instance's own clearing on a write can make the next answer right.
    await servers.db.raw('alter table users disable trigger users_cache_notify');
    try {
      const change = await fetch(`${servers.url(1)}/api/auth/user`, {
        method: 'PATCH',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: servers.url(1) },
        body: JSON.stringify({ firstName: 'After' }),
      });
      expect(change.status).toBe(200);
      expect(await firstName(1, cookie)).toBe('After');
    } finally {
      await servers.db.raw('alter table users enable trigger users_cache_notify');
    }
  });

  it('a logout on one instance ends the session on the other', async () => {
    const { cookie } = await signedIn();
    const logout = await fetch(`${servers.url(0)}/api/logout`, { method: 'POST', headers: { Cookie: cookie } });
    expect(logout.status).toBeLessThan(400);
    await eventually(async () => (await status(1, '/api/auth/user', cookie)) === 401);
  });

  it('a role change typed by hand takes effect on every instance', async () => {
    const { built, cookie } = await signedIn({ accountType: 'staff', staffRole: 'admin' });
    const settings = '/api/admin/settings/business-hours';
    expect(await status(1, settings, cookie)).toBe(200);
    await servers.db('users').where({ id: built.user.id }).update({ staffRole: 'support' });
    await eventually(async () => (await status(1, settings, cookie)) === 403);
    expect(await status(0, settings, cookie)).toBe(403);
  });

  it('a deactivation by an admin on one instance signs the account out on the other', async () => {
    const admin = await signedIn({ accountType: 'staff', staffRole: 'admin' });
    const member = await signedIn({ accountType: 'staff', staffRole: 'support' });
    const response = await fetch(`${servers.url(0)}/api/admin/staff/${member.built.user.id}`, {
      method: 'PATCH',
      headers: { Cookie: admin.cookie, 'Content-Type': 'application/json', Origin: servers.url(0) },
      body: JSON.stringify({ active: false }),
    });
    expect(response.status).toBe(200);
    await eventually(async () => (await status(1, '/api/auth/user', member.cookie)) === 401);
  });

  it('serves nothing from memory while its listener is down, and forgets everything when it is back', async () => {
    const { built, cookie } = await signedIn({ firstName: 'Before' });
    const live = servers.instance(1).live;
    // What an operator's restart of PostgreSQL connections, or a network cut, does to the listener.
    await servers.db.raw(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'northstar-it live %'",
    );
    await eventually(() => !live.listening);
    await servers.db('users').where({ id: built.user.id }).update({ firstName: 'WhileDown' });
    expect(await firstName(1, cookie)).toBe('WhileDown');
    await eventually(() => live.listening);
    expect(cacheOf(1).size).toBe(0);
    expect(await firstName(1, cookie)).toBe('WhileDown');
  });
});
