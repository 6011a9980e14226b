import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import type { StaffEvent } from '@shared/schemas/staff-events';
import type { StaffRole } from '@shared/staff-roles';
import { publish } from '../../../live/publish';
import { roomyRateLimits } from '../../../test/config';
import { buildUser, type BuiltUser } from '../../../test/factories';
import { eventually, loginCookie, startVisitorChat, TestSocket, useChatServers } from '../../../test/chat';
import { setAccountType } from '../../users/users.service';
import { CHAT_NOT_ALLOWED } from '../events/socket-registry';

// Two instances on one database; the heartbeat is an hour away, so what happens here happens on announcement.
const servers = useChatServers(2, { heartbeatMs: 3_600_000 }, { rateLimits: roomyRateLimits });

const NOWHERE = '00000000-0000-4000-8000-000000000000';

/** Every frame sent before this one has been handled (a socket's frames are handled in order). */
async function settled(socket: TestSocket): Promise<void> {
  socket.send({ type: 'typing', conversationId: NOWHERE, isTyping: true });
  await socket.next('error', (frame) => frame.code === 'not_joined');
}

async function member(role: StaffRole): Promise<{ built: BuiltUser; cookie: string }> {
  const built = await buildUser(servers.db, { accountType: 'staff', staffRole: role });
  return { built, cookie: await loginCookie(servers.url(0), built) };
}

/** A console on instance 1 that asks for staff events (and the staff feed, when `feed`). */
async function staffConsole(cookie: string, feed: boolean): Promise<TestSocket> {
  const socket = await TestSocket.open(servers.url(1), { cookie });
  socket.send({ type: 'staff_events' });
  if (feed) socket.send({ type: 'staff_feed' });
  await settled(socket);
  return socket;
}

/**
 * Publishes `events` on instance 0's database, then a marker every role sees; once the marker has arrived, every
 * event before it has been delivered or withheld (events reach a socket in commit order).
 */
async function heardOf(sockets: TestSocket[], events: StaffEvent[]): Promise<string[][]> {
  const marker = `marker-${Math.random()}`;
  for (const event of events) await publish(servers.db, 'staff', event);
  await publish(servers.db, 'staff', { kind: 'order.updated', id: marker });
  const heard: string[][] = [];
  for (const socket of sockets) {
    await socket.next('staff_event', (frame) => frame.event.id === marker);
    heard.push(socket.pending('staff_event').map((frame) => `${frame.event.kind} ${frame.event.id}`));
    for (let index = socket.frames.length - 1; index >= 0; index -= 1) {
      if (socket.frames[index]!.type === 'staff_event') socket.frames.splice(index, 1);
    }
  }
  return heard;
}

const everyKind: StaffEvent[] = [
  { kind: 'order.updated', id: 'o1' },
  { kind: 'enquiry.created', id: 'e1' },
  { kind: 'service_request.updated', id: 's1' },
  { kind: 'consultation.proposed', id: 'c1' },
  { kind: 'product.updated', id: 'p1' },
  { kind: 'chat.updated', id: 'h1' },
];

describe('the staff socket carries only what the role may see', () => {
  it('filters staff events by role, across instances', async () => {
    const roles = ['admin', 'support', 'sales', 'fulfilment'] as const;
    const sockets = await Promise.all(roles.map(async (role) => staffConsole((await member(role)).cookie, false)));
    const heard = await heardOf(sockets, everyKind);
    expect(Object.fromEntries(roles.map((role, index) => [role, heard[index]]))).toEqual({
      admin: [
        'order.updated o1',
        'enquiry.created e1',
        'service_request.updated s1',
        'consultation.proposed c1',
        'product.updated p1',
        'chat.updated h1',
      ],
      support: [
        'order.updated o1',
        'enquiry.created e1',
        'service_request.updated s1',
        'consultation.proposed c1',
        'chat.updated h1',
      ],
      sales: ['order.updated o1', 'enquiry.created e1'],
      fulfilment: ['order.updated o1', 'product.updated p1'],
    });
    for (const socket of sockets) socket.close();
  });

  it('refuses the staff feed and staff joins to a role without chat, keeping its socket', async () => {
    const { cookie } = await member('fulfilment');
    const conversation = await startVisitorChat(servers.url(0));
    const socket = await staffConsole(cookie, true);
    expect(await socket.next('error', (frame) => frame.code === 'forbidden')).toMatchObject({
      message: CHAT_NOT_ALLOWED,
    });
    socket.send({ type: 'join', conversationId: conversation.id, isAdmin: true });
    expect(await socket.next('error', (frame) => frame.code === 'forbidden')).toMatchObject({
      message: CHAT_NOT_ALLOWED,
      conversationId: conversation.id,
    });
    // Not in the feed: a new chat is not announced to it; its orders still are.
    await startVisitorChat(servers.url(0));
    expect(await heardOf([socket], [{ kind: 'order.paid', id: 'o2' }])).toEqual([['order.paid o2']]);
    expect(socket.pending('conversation')).toEqual([]);
    expect(socket.pending('history')).toEqual([]);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });
});

describe("a role change reaches the account's sockets at once, on the other instance", () => {
  it('a support member made fulfilment loses the feed, the chats joined and chat events, and keeps orders', async () => {
    const { built, cookie } = await member('support');
    const conversation = await startVisitorChat(servers.url(0));
    const socket = await staffConsole(cookie, true);
    await socket.join(conversation.id, { isAdmin: true });
    expect(await heardOf([socket], [{ kind: 'service_request.created', id: 's2' }])).toEqual([
      ['service_request.created s2'],
    ]);

    // Instance 0's database changes the role; the socket lives on instance 1.
    await setAccountType(servers.db, built.user.id, 'staff', 'fulfilment');
    expect(await socket.next('error', (frame) => frame.code === 'forbidden')).toMatchObject({
      message: CHAT_NOT_ALLOWED,
    });
    const registry = servers.instance(1).chat.registry;
    await eventually(() =>
      registry.connectionsOf(built.user.id).every((c) => c.participant.user?.staffRole === 'fulfilment'),
    );
    const [connection] = registry.connectionsOf(built.user.id);
    expect(connection!.feed).toBe(false);
    expect([...connection!.subscriptions.keys()]).toEqual([]);
    socket.frames.splice(0);

    // A visitor's message in the chat it had joined, and a new chat, no longer reach it; its role's events do.
    const visitor = await TestSocket.open(servers.url(0), { cookie: conversation.cookie });
    await visitor.join(conversation.id);
    visitor.send({ type: 'message', conversationId: conversation.id, senderType: 'visitor', message: 'Hello?' });
    await visitor.next('ack');
    await startVisitorChat(servers.url(0));
    expect(await heardOf([socket], everyKind)).toEqual([['order.updated o1', 'product.updated p1']]);
    expect(socket.pending('new_message')).toEqual([]);
    expect(socket.pending('conversation')).toEqual([]);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    // Made client: closed as before (4403).
    await setAccountType(servers.db, built.user.id, 'client');
    expect((await socket.closed).code).toBe(CHAT_CLOSE.forbidden);
    visitor.close();
  });

  it('a sales member made support hears chat events from then on without reconnecting', async () => {
    const { built, cookie } = await member('sales');
    const socket = await staffConsole(cookie, false);
    expect(await heardOf([socket], [{ kind: 'chat.updated', id: 'h3' }])).toEqual([[]]);
    await setAccountType(servers.db, built.user.id, 'staff', 'support');
    const registry = servers.instance(1).chat.registry;
    await eventually(() =>
      registry.connectionsOf(built.user.id).every((c) => c.participant.user?.staffRole === 'support'),
    );
    expect(await heardOf([socket], [{ kind: 'chat.updated', id: 'h4' }])).toEqual([['chat.updated h4']]);
    socket.send({ type: 'staff_feed' });
    await settled(socket);
    expect(socket.pending('error')).toEqual([]);
    socket.close();
  });
});
