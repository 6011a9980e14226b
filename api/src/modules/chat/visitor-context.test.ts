import { afterAll, describe, expect, it } from 'vitest';
import { chatActors, loginCookie, startVisitorChat, TestSocket, useChatServers } from '../../test/chat';
import { buildUser } from '../../test/factories';

const servers = useChatServers(2);
const actors = chatActors(servers);
const sockets: TestSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

async function call(path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
  const res = await fetch(`${servers.url()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('the visitor page beside a chat', () => {
  it('staff see the start page and, live on every instance, the page the visitor moves to', async () => {
    const staffCookie = await loginCookie(servers.url(), await buildUser(servers.db, { accountType: 'staff' }));
    // The staff console on the other instance.
    const staff = await TestSocket.open(servers.url(1), { cookie: staffCookie });
    sockets.push(staff);
    staff.send({ type: 'staff_feed' });

    const chat = await startVisitorChat(servers.url(), { visitorName: 'Ada', visitorEmail: null, page: '/services' });
    await staff.next('conversation', (f) => f.conversation.id === chat.id);
    const context = await call(`/api/chat/conversations/${chat.id}/context`, { cookie: staffCookie });
    expect(context.body).toEqual({
      conversationId: chat.id,
      startPage: '/services',
      currentPage: '/services',
      currentPageAt: expect.any(String),
      customer: null,
      serviceRequestId: null,
    });

    const moved = await call(`/api/chat/conversations/${chat.id}/page`, {
      method: 'POST',
      cookie: chat.cookie,
      body: { page: '/shop?category=Networking' },
    });
    expect(moved.status).toBe(204);
    const frame = await staff.next('visitor_context', (f) => f.context.conversationId === chat.id);
    expect(frame.context).toMatchObject({ startPage: '/services', currentPage: '/shop?category=Networking' });
  });

  it('only the chat’s own visitor changes its page (others: the same 204, nothing changes); bad pages 400', async () => {
    const chat = await startVisitorChat(servers.url(), { visitorName: 'Ada', visitorEmail: null });
    const stranger = await startVisitorChat(servers.url(), { visitorName: 'Eve', visitorEmail: null });
    const path = `/api/chat/conversations/${chat.id}/page`;
    expect((await call(path, { method: 'POST', body: { page: '/x' } })).status).toBe(204);
    expect((await call(path, { method: 'POST', cookie: stranger.cookie, body: { page: '/x' } })).status).toBe(204);
    const foreign = await call(path, { method: 'POST', cookie: chat.cookie, body: { page: 'https://evil.example/' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^page: page must be a path on this site/);
    const protocolRelative = await call(path, {
      method: 'POST',
      cookie: chat.cookie,
      body: { page: '//evil.example' },
    });
    expect(protocolRelative.status).toBe(400);
    const row = await servers.db('chat_conversations').where({ id: chat.id }).first();
    expect(row.currentPage).toBeNull();
  });

  it('the context is staff only (401, 403)', async () => {
    const chat = await startVisitorChat(servers.url(), { visitorName: 'Ada', visitorEmail: null });
    expect((await call(`/api/chat/conversations/${chat.id}/context`)).status).toBe(401);
    const clientCookie = await loginCookie(servers.url(), await buildUser(servers.db));
    expect((await call(`/api/chat/conversations/${chat.id}/context`, { cookie: clientCookie })).status).toBe(403);
  });

  it('links a logged-in client to their customer page', async () => {
    const client = await buildUser(servers.db, { firstName: 'Grace', email: 'grace@example.com' });
    const cookie = await loginCookie(servers.url(), client);
    const chat = await startVisitorChat(
      servers.url(),
      { visitorName: 'Grace', visitorEmail: null, page: '/portal' },
      cookie,
    );
    const staffCookie = await loginCookie(servers.url(), await buildUser(servers.db, { accountType: 'staff' }));
    const context = await call(`/api/chat/conversations/${chat.id}/context`, { cookie: staffCookie });
    expect(context.body.customer).toEqual({ id: client.user.id, name: 'Grace' });
  });
});

describe('a chat becomes a ticket', () => {
  it('with the transcript as its first message, for the client’s account, once', async () => {
    const client = await buildUser(servers.db, { firstName: 'Grace', email: 'grace2@example.com' });
    const cookie = await loginCookie(servers.url(), client);
    const chat = await startVisitorChat(servers.url(), { visitorName: 'Grace', visitorEmail: null }, cookie);
    const visitor = await TestSocket.open(servers.url(), { cookie: chat.cookie });
    sockets.push(visitor);
    await visitor.join(chat.id);
    visitor.send({
      type: 'message',
      conversationId: chat.id,
      message: 'My <b>printer</b> is on fire',
      senderType: 'visitor',
    });
    await visitor.next('ack');
    const staff = await actors.staff();
    sockets.push(staff);
    await staff.join(chat.id, { isAdmin: true });
    staff.send({ type: 'message', conversationId: chat.id, message: 'We will send someone', senderType: 'admin' });
    await staff.next('ack');

    const staffCookie = await loginCookie(servers.url(), await buildUser(servers.db, { accountType: 'staff' }));
    const path = `/api/chat/conversations/${chat.id}/ticket`;
    expect((await call(path, { method: 'POST', body: {} })).status).toBe(401);
    expect((await call(path, { method: 'POST', cookie, body: {} })).status).toBe(403);
    const bad = await call(path, { method: 'POST', cookie: staffCookie, body: { service: 'Plumbing' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^service: /);

    const made = await call(path, { method: 'POST', cookie: staffCookie, body: { service: 'Field IT Services' } });
    expect(made.status).toBe(201);
    const ticket = await servers.db('tickets').where({ id: made.body.serviceRequestId }).first();
    expect(ticket).toMatchObject({
      userId: client.user.id,
      email: 'grace2@example.com',
      service: 'Field IT Services',
      chatConversationId: chat.id,
    });
    expect(ticket.message).toMatch(
      /^Live chat transcript\n\n\[.+ UTC\] Grace: My <b>printer<\/b> is on fire\n\[.+ UTC\] Staff: We will send someone$/,
    );
    const again = await call(path, { method: 'POST', cookie: staffCookie, body: {} });
    expect(again.status).toBe(409);
    // The client follows it in the portal.
    const mine = await call('/api/service-requests', { cookie });
    expect(mine.body.map((r: { id: string }) => r.id)).toContain(ticket.id);
  });
});
