import { afterAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { loginCookie, startVisitorChat, TestSocket, useChatServers } from '../../test/chat';
import { buildTicket } from '../../test/ticket-factories';

// Two instances: a change made through one reaches staff consoles on the other.
const servers = useChatServers(2, {}, { rateLimits: roomyRateLimits });
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const sockets: TestSocket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

async function post(instance: number, path: string, cookie: string, body: unknown) {
  const res = await fetch(`${servers.url(instance)}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function subscribed(socket: TestSocket): Promise<TestSocket> {
  sockets.push(socket);
  socket.send({ type: 'staff_events' });
  socket.send({ type: 'typing', conversationId: NOWHERE, isTyping: true });
  await socket.next('error', (frame) => frame.code === 'not_joined');
  return socket;
}

describe('ticket changes on the live staff path', () => {
  it('staff consoles on every instance hear of replies and notes by id only; no text travels', async () => {
    const client = await buildUser(servers.db, { email: 'live.client@example.com' });
    const clientCookie = await loginCookie(servers.url(0), client);
    const staffCookie = await loginCookie(servers.url(0), await buildUser(servers.db, { accountType: 'staff' }));
    const ticket = await buildTicket(servers.db, client.user);
    const desk = await subscribed(await TestSocket.open(servers.url(1), { cookie: staffCookie }));

    const note = await post(0, `/api/service-requests/${ticket.id}/replies`, staffCookie, {
      message: 'NOTE-TEXT internal',
      internal: true,
    });
    expect(note.status).toBe(201);
    expect((await desk.next('staff_event')).event).toEqual({ kind: 'service_request.updated', id: ticket.id });

    const answer = await post(0, `/api/service-requests/${ticket.id}/replies`, clientCookie, {
      message: 'CLIENT-TEXT',
    });
    expect(answer.status).toBe(201);
    expect((await desk.next('staff_event')).event).toEqual({ kind: 'service_request.client_reply', id: ticket.id });
    expect(JSON.stringify(desk.frames)).not.toContain('TEXT');
  });

  it("a client's socket cannot listen to staff events, so nothing of a note reaches it", async () => {
    const client = await buildUser(servers.db, { email: 'live.client2@example.com' });
    const cookie = await loginCookie(servers.url(0), client);
    const chat = await startVisitorChat(servers.url(0), { visitorName: 'C', visitorEmail: null }, cookie);
    const socket = await TestSocket.open(servers.url(0), { cookie: chat.cookie });
    sockets.push(socket);
    await socket.join(chat.id);
    socket.send({ type: 'staff_events' });
    const closed = await socket.closed;
    expect(closed.code).toBe(4403);
    expect(JSON.stringify(socket.frames)).not.toContain('staff_event"');
  });
});
