import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import { buildUser } from '../../../test/factories';
import {
  chatActors,
  eventually,
  loginCookie,
  staffCookie,
  startVisitorChat,
  TestSocket,
  useChatServers,
} from '../../../test/chat';

// A short heartbeat, to see dead sockets and ended staff sessions dropped.
const servers = useChatServers(1, { heartbeatMs: 400 });
const url = () => servers.url();
const { visitor, staff, storedMessages } = chatActors(servers);

describe('upgrade', () => {
  it('refuses a foreign origin (403) and other paths (404)', async () => {
    const { cookie } = await startVisitorChat(url());
    await expect(TestSocket.open(url(), { cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    await expect(TestSocket.open(url(), { cookie, path: '/ws/other' })).rejects.toThrow('upgrade refused: 404');
    const own = await TestSocket.open(url(), { cookie, origin: url() });
    own.close();
  });

  it('tells a socket without a session (or with a forged one) why, and closes it for good (4401)', async () => {
    const { cookie } = await startVisitorChat(url());
    const before = servers.instance().chat.registry.connectionCount;
    for (const credentials of [undefined, cookie.replace(/sid=([^;]+)/, 'sid=forged-session-id')]) {
      const socket = await TestSocket.open(url(), { cookie: credentials });
      expect(await socket.next('error')).toMatchObject({ code: 'unauthorized' });
      expect((await socket.closed).code).toBe(CHAT_CLOSE.unauthorized);
    }
    // They never joined the socket registry.
    expect(servers.instance().chat.registry.connectionCount).toBe(before);
  });
});

describe('who may join', () => {
  it('lets a visitor join their own conversation and get its history', async () => {
    const { id, socket } = await visitor();
    const history = await socket.join(id);
    expect(history.conversation).toMatchObject({ id, visitorName: 'Ada Visitor', status: 'active' });
    expect(history.messages).toEqual([]);
    expect(await socket.next('presence')).toEqual({ type: 'presence', staffOnline: false });
    socket.close();
  });

  it("answers a visitor joining someone else's conversation like a missing one, and closes the socket", async () => {
    const other = await startVisitorChat(url());
    for (const conversationId of [other.id, randomUUID()]) {
      const { socket } = await visitor();
      socket.send({ type: 'join', conversationId, isAdmin: false });
      expect(await socket.next('error')).toMatchObject({ code: 'not_found', message: 'Conversation not found' });
      expect((await socket.closed).code).toBe(CHAT_CLOSE.notFound);
    }
    expect(await storedMessages(other.id)).toHaveLength(0);
  });

  it('refuses staff joins from a client account (403) and from an anonymous visitor (401)', async () => {
    const target = await startVisitorChat(url());
    const client = await buildUser(servers.db);
    const clientSocket = await TestSocket.open(url(), { cookie: await loginCookie(url(), client) });
    clientSocket.send({ type: 'join', conversationId: target.id, isAdmin: true, userId: client.user.id });
    expect(await clientSocket.next('error')).toMatchObject({ code: 'forbidden', message: 'Staff only' });
    expect((await clientSocket.closed).code).toBe(CHAT_CLOSE.forbidden);

    const { socket } = await visitor();
    socket.send({ type: 'join', conversationId: target.id, isAdmin: true });
    expect(await socket.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await socket.closed).code).toBe(CHAT_CLOSE.unauthorized);

    const feed = await visitor();
    feed.socket.send({ type: 'staff_feed' });
    expect((await feed.socket.closed).code).toBe(CHAT_CLOSE.unauthorized);
  });

  it('lets staff join any conversation, and tells a console about a missing one without dropping it', async () => {
    const { id } = await startVisitorChat(url());
    const desk = await staff();
    desk.send({ type: 'join', conversationId: randomUUID(), isAdmin: true });
    expect(await desk.next('error')).toMatchObject({ code: 'not_found' });
    const history = await desk.join(id, { isAdmin: true });
    expect(history.conversation.id).toBe(id);
    desk.close();
  });

  it('lets a logged-in client rejoin their conversation from another browser', async () => {
    const client = await buildUser(servers.db);
    const first = await loginCookie(url(), client);
    const { id } = await startVisitorChat(url(), { visitorName: 'Client', visitorEmail: null }, first);
    const elsewhere = await TestSocket.open(url(), { cookie: await loginCookie(url(), client) });
    expect((await elsewhere.join(id)).conversation.id).toBe(id);
    elsewhere.close();
  });
});

describe('heartbeat and sessions', () => {
  it('drops a socket that stops answering pings', async () => {
    const chat = await startVisitorChat(url());
    const silent = await TestSocket.open(url(), { cookie: chat.cookie, autoPong: false });
    const answering = await TestSocket.open(url(), { cookie: chat.cookie });
    const { code } = await silent.closed;
    expect(code).toBe(1006);
    expect(answering.ws.readyState).toBe(answering.ws.OPEN);
    answering.close();
  });

  it('drops a staff console whose session was logged out', async () => {
    const cookie = await staffCookie(servers.db, url());
    const desk = await TestSocket.open(url(), { cookie });
    desk.send({ type: 'staff_feed' });
    await eventually(() => servers.instance().chat.registry.isStaffOnline);
    const out = await fetch(`${url()}/api/logout`, { method: 'POST', headers: { Cookie: cookie } });
    expect(out.status).toBe(204);
    expect(await desk.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await desk.closed).code).toBe(CHAT_CLOSE.unauthorized);
  });
});
