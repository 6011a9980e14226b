import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import { eventually, startVisitorChat, TestSocket, useChatServers } from '../../../test/chat';

// Small caps, to reach them with a handful of sockets.
const servers = useChatServers(1, {}, { chatSockets: { perSession: 3, perIp: 5 } });
const url = () => servers.url();
const registry = () => servers.instance().chat.registry;

async function openAll(count: number, options: { cookie: string; forwardedFor: string }): Promise<TestSocket[]> {
  const sockets: TestSocket[] = [];
  for (let i = 0; i < count; i += 1) sockets.push(await TestSocket.open(url(), options));
  return sockets;
}

async function expectRefused(socket: TestSocket, reason: string): Promise<void> {
  expect(await socket.next('error')).toEqual({ type: 'error', code: 'rate_limited', message: reason });
  expect(await socket.closed).toEqual({ code: CHAT_CLOSE.tryAgainLater, reason });
}

const closeAll = async (sockets: TestSocket[]) => {
  for (const socket of sockets) socket.close();
  await Promise.all(sockets.map((socket) => socket.closed));
};

describe('sockets per session and per address', () => {
  it('refuses a session its fourth socket with 1013 and a reason, and takes it again once one closes', async () => {
    const { id, cookie } = await startVisitorChat(url());
    const before = registry().connectionCount;
    const open = await openAll(3, { cookie, forwardedFor: '203.0.113.10' });
    // From another address too: the session is the same.
    const extra = await TestSocket.open(url(), { cookie, forwardedFor: '198.51.100.20' });
    await expectRefused(extra, 'Too many chat connections for this session (at most 3)');
    expect(registry().connectionCount).toBe(before + 3);
    // The others are untouched, and another session is not affected.
    expect((await open[0]!.join(id)).conversation.id).toBe(id);
    const other = await startVisitorChat(url());
    const neighbour = await TestSocket.open(url(), { cookie: other.cookie, forwardedFor: '203.0.113.10' });
    expect((await neighbour.join(other.id)).conversation.id).toBe(other.id);

    open[2]!.close();
    await open[2]!.closed;
    const again = await TestSocket.open(url(), { cookie, forwardedFor: '203.0.113.10' });
    expect((await again.join(id)).conversation.id).toBe(id);
    await closeAll([open[0]!, open[1]!, neighbour, again]);
    await eventually(() => registry().connectionCount === before);
  });

  it('refuses an address its sixth socket whatever the session, and counts refused sockets nowhere', async () => {
    const address = '203.0.113.99';
    const sessions = await Promise.all(Array.from({ length: 7 }, () => startVisitorChat(url())));
    const open: TestSocket[] = [];
    for (const { cookie } of sessions.slice(0, 5))
      open.push(await TestSocket.open(url(), { cookie, forwardedFor: address }));
    const reason = 'Too many chat connections from this network address (at most 5)';
    // Refused again and again: each refusal gives nothing back that it did not take.
    for (let i = 0; i < 3; i += 1) {
      await expectRefused(await TestSocket.open(url(), { cookie: sessions[5]!.cookie, forwardedFor: address }), reason);
    }
    // Without a session at all, an address at its cap is refused the same way (its session is never read).
    await expectRefused(await TestSocket.open(url(), { forwardedFor: address }), reason);
    // Another address is served.
    const elsewhere = await TestSocket.open(url(), { cookie: sessions[5]!.cookie, forwardedFor: '198.51.100.5' });
    expect((await elsewhere.join(sessions[5]!.id)).conversation.id).toBe(sessions[5]!.id);

    open[0]!.close();
    await open[0]!.closed;
    const next = await TestSocket.open(url(), { cookie: sessions[6]!.cookie, forwardedFor: address });
    expect((await next.join(sessions[6]!.id)).conversation.id).toBe(sessions[6]!.id);
    await expectRefused(await TestSocket.open(url(), { cookie: sessions[6]!.cookie, forwardedFor: address }), reason);
    await closeAll([...open.slice(1), elsewhere, next]);
  });

  it('gives a place back when a socket is cut off rather than closed', async () => {
    const { cookie } = await startVisitorChat(url());
    const open = await openAll(3, { cookie, forwardedFor: '203.0.113.44' });
    for (const socket of open) socket.ws.terminate();
    await Promise.all(open.map((socket) => socket.closed));
    await eventually(async () => {
      const socket = await TestSocket.open(url(), { cookie, forwardedFor: '203.0.113.44' });
      socket.close();
      return (await socket.closed).code !== CHAT_CLOSE.tryAgainLater;
    });
    const again = await openAll(3, { cookie, forwardedFor: '203.0.113.44' });
    await closeAll(again);
  });
});
