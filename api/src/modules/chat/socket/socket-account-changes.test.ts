import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import { roomyRateLimits } from '../../../test/config';
import { buildUser, type BuiltUser } from '../../../test/factories';
import { eventually, loginCookie, startVisitorChat, TestSocket, useChatServers } from '../../../test/chat';
import { spawnEntry } from '../../../test/spawn-entry';
import { endUserSessions } from '../../auth/session-store';

// Two instances on one database. The heartbeat (which also re-reads staff sessions) is an hour away: whatever
// happens to a socket here happens because the change was announced.
const servers = useChatServers(2, { heartbeatMs: 3_600_000 }, { rateLimits: roomyRateLimits });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'user-role-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const STAFF_ENDED = 'Your staff session has ended. Please log in again.';
const NO_LONGER_STAFF = 'Your account no longer has staff access.';

/** A staff console: a socket with the staff feed, or joined to a conversation as staff. */
async function console_(instance: number, cookie: string, join?: string): Promise<TestSocket> {
  const socket = await TestSocket.open(servers.url(instance), { cookie });
  if (join) await socket.join(join, { isAdmin: true });
  else socket.send({ type: 'staff_feed' });
  return socket;
}

async function expectClosed(socket: TestSocket, code: number, message: string): Promise<void> {
  expect(await socket.next('error')).toMatchObject({ message });
  expect((await socket.closed).code).toBe(code);
}

/** Still open and served: it hears of a conversation started now. */
async function expectServed(socket: TestSocket): Promise<void> {
  const { id } = await startVisitorChat(servers.url(0));
  await socket.next('conversation', (frame) => frame.conversation.id === id);
  expect(socket.ws.readyState).toBe(socket.ws.OPEN);
}

const staffMember = () => buildUser(servers.db, { accountType: 'staff' });
const sidOf = (cookie: string) => /(?:^|; )sid=([^;]+)/.exec(cookie)![1]!;

function setRole(member: BuiltUser, role: 'staff' | 'client') {
  const databaseUrl = servers.instance().deps.config.databaseUrl!;
  return spawnEntry(
    'api/src/cli/set-user-role.ts',
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    ['--username', member.username, '--role', role],
  );
}

describe('role changes reach open sockets at once, on every instance', () => {
  it('npm run user:role: a demoted staff member loses the staff feed and staff joins on both instances (4403)', async () => {
    const demoted = await staffMember();
    const colleague = await staffMember();
    const conversation = await startVisitorChat(servers.url(0));
    const cookie = await loginCookie(servers.url(0), demoted);
    const feed = await console_(0, cookie);
    const joined = await console_(1, cookie, conversation.id);
    const other = await console_(1, await loginCookie(servers.url(1), colleague));
    await expectServed(feed);
    await expectServed(other);

    const command = setRole(demoted, 'client');
    expect(await command.exited, command.stderr()).toBe(0);
    expect(command.stdout()).toContain(`"${demoted.username}" is now a client account (was admin).`);
    await expectClosed(feed, CHAT_CLOSE.forbidden, NO_LONGER_STAFF);
    await expectClosed(joined, CHAT_CLOSE.forbidden, NO_LONGER_STAFF);
    // The colleague's console is untouched, and the demoted account's session is a client's now.
    await expectServed(other);
    const list = await fetch(`${servers.url(1)}/api/chat/conversations`, { headers: { Cookie: cookie } });
    expect(list.status).toBe(403);
    other.close();

    const again = setRole(demoted, 'client');
    expect(await again.exited).toBe(0);
    expect(again.stdout()).toContain('is already a client account; nothing changed.');
    const unknown = spawnEntry(
      'api/src/cli/set-user-role.ts',
      { DATABASE_URL: servers.instance().deps.config.databaseUrl!, DATA_DIR: dataDir },
      ['--username', 'nobody_by_that_name', '--role', 'staff'],
    );
    expect(await unknown.exited).toBe(1);
    expect(unknown.stderr()).toContain('There is no account named "nobody_by_that_name".');
  });

  it('sees a role changed by hand in SQL, both ways: a demotion closes, a promotion lets the same socket in', async () => {
    const member = await staffMember();
    const cookie = await loginCookie(servers.url(0), member);
    const feed = await console_(1, cookie);
    await expectServed(feed);
    await servers.db('users').update({ accountType: 'client', staffRole: null }).where({ id: member.user.id });
    await expectClosed(feed, CHAT_CLOSE.forbidden, NO_LONGER_STAFF);

    // A client's socket (chatting as a visitor) stays open through a promotion, and may then take the feed.
    const client = await buildUser(servers.db);
    const clientCookie = await loginCookie(servers.url(0), client);
    const chat = await startVisitorChat(servers.url(0), { visitorName: 'Client', visitorEmail: null }, clientCookie);
    const socket = await TestSocket.open(servers.url(1), { cookie: clientCookie });
    await socket.join(chat.id);
    await servers.db('users').update({ accountType: 'staff', staffRole: 'support' }).where({ id: client.user.id });
    // No re-login, no reconnect: the socket's account is read again when the change is announced.
    const registry = servers.instance(1).chat.registry;
    await eventually(() => registry.connectionsOf(client.user.id).every((c) => c.participant.user?.isStaff === true));
    socket.send({ type: 'staff_feed' });
    await expectServed(socket);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });
});

describe('ended sessions close their sockets at once, on every instance', () => {
  it('a logout closes that session’s sockets on both instances (4401), and no other session’s', async () => {
    const member = await staffMember();
    const loggingOut = await loginCookie(servers.url(0), member);
    const staying = await loginCookie(servers.url(1), member);
    const sockets = [await console_(0, loggingOut), await console_(1, loggingOut)];
    const desk = await console_(1, staying);
    await expectServed(desk);

    const out = await fetch(`${servers.url(0)}/api/logout`, { method: 'POST', headers: { Cookie: loggingOut } });
    expect(out.status).toBe(204);
    for (const socket of sockets) await expectClosed(socket, CHAT_CLOSE.unauthorized, STAFF_ENDED);
    await expectServed(desk);
    desk.close();
  });

  it('a client who logs out loses the chat socket of that session, on the other instance too', async () => {
    const client = await buildUser(servers.db);
    const cookie = await loginCookie(servers.url(0), client);
    const chat = await startVisitorChat(servers.url(0), { visitorName: 'Client', visitorEmail: null }, cookie);
    const socket = await TestSocket.open(servers.url(1), { cookie });
    await socket.join(chat.id);
    await fetch(`${servers.url(0)}/api/logout`, { method: 'POST', headers: { Cookie: cookie } });
    await expectClosed(socket, CHAT_CLOSE.unauthorized, 'Your chat session has ended. Please start a new chat.');
  });

  it('endUserSessions (for password changes and resets) ends every session but the one kept, closing their sockets', async () => {
    const member = await staffMember();
    const cookies = [
      await loginCookie(servers.url(0), member),
      await loginCookie(servers.url(1), member),
      await loginCookie(servers.url(0), member),
    ];
    const [first, second, kept] = [
      await console_(0, cookies[0]!),
      await console_(1, cookies[1]!),
      await console_(1, cookies[2]!),
    ];
    expect(await endUserSessions(servers.db, member.user.id, { except: sidOf(cookies[2]!) })).toBe(2);
    await expectClosed(first!, CHAT_CLOSE.unauthorized, STAFF_ENDED);
    await expectClosed(second!, CHAT_CLOSE.unauthorized, STAFF_ENDED);
    await expectServed(kept!);
    expect(await endUserSessions(servers.db, member.user.id)).toBe(1);
    await expectClosed(kept!, CHAT_CLOSE.unauthorized, STAFF_ENDED);
  });
});
