import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import { listenerName } from '../../../live/bus';
import { eventually, staffCookie, startVisitorChat, TestSocket, useChatServers } from '../../../test/chat';

// Two API instances on one database, as behind a load balancer.
const servers = useChatServers(2);

function say(socket: TestSocket, conversationId: string, message: string, senderType: 'visitor' | 'admin') {
  const clientId = randomUUID();
  socket.send({ type: 'message', conversationId, message, senderType, clientId });
  return clientId;
}

describe('two instances on one database', () => {
  it('lets a visitor on one instance and staff on the other talk, type, and close', async () => {
    const visitorChat = await startVisitorChat(servers.url(0));
    const visitor = await TestSocket.open(servers.url(0), { cookie: visitorChat.cookie });
    await visitor.join(visitorChat.id);
    expect((await visitor.next('presence')).staffOnline).toBe(false);

    const cookie = await staffCookie(servers.db, servers.url(1));
    const staff = await TestSocket.open(servers.url(1), { cookie });
    staff.send({ type: 'staff_feed' });
    // Staff connected on instance 1: the visitor on instance 0 hears of it.
    expect((await visitor.next('presence')).staffOnline).toBe(true);
    await staff.join(visitorChat.id, { isAdmin: true });

    say(visitor, visitorChat.id, 'Hello from instance 0', 'visitor');
    expect((await staff.next('new_message')).message.message).toBe('Hello from instance 0');
    await visitor.next('ack');
    visitor.send({ type: 'typing', conversationId: visitorChat.id, isTyping: true });
    expect((await staff.next('typing')).senderType).toBe('visitor');
    say(staff, visitorChat.id, 'Hello from instance 1', 'admin');
    expect((await visitor.next('new_message')).message).toMatchObject({
      message: 'Hello from instance 1',
      senderType: 'admin',
    });

    const res = await fetch(`${servers.url(1)}/api/chat/conversations/${visitorChat.id}/close`, {
      method: 'PATCH',
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect((await visitor.next('conversation_closed')).conversationId).toBe(visitorChat.id);
    staff.close();
    expect((await visitor.next('presence')).staffOnline).toBe(false);
    visitor.close();
  });
});

describe('reconnecting', () => {
  it('gives a client that comes back exactly the messages it missed', async () => {
    const chat = await startVisitorChat(servers.url(0));
    const staff = await TestSocket.open(servers.url(1), { cookie: await staffCookie(servers.db, servers.url(1)) });
    await staff.join(chat.id, { isAdmin: true });
    let visitor = await TestSocket.open(servers.url(0), { cookie: chat.cookie });
    await visitor.join(chat.id);
    say(staff, chat.id, 'before', 'admin');
    const before = await visitor.next('new_message');
    visitor.close();
    await visitor.closed;

    const missed = ['while away 1', 'while away 2', 'while away 3'];
    for (const text of missed) {
      const clientId = say(staff, chat.id, text, 'admin');
      await staff.next('ack', (ack) => ack.clientId === clientId);
    }
    // Back, on the other instance this time, with the last message it has.
    visitor = await TestSocket.open(servers.url(1), { cookie: chat.cookie });
    const history = await visitor.join(chat.id, { afterId: before.message.id });
    expect(history.messages.map((m) => m.message)).toEqual(missed);
    say(staff, chat.id, 'after', 'admin');
    expect((await visitor.next('new_message')).message.message).toBe('after');
    expect(visitor.pending('new_message')).toHaveLength(0);
    visitor.close();
    staff.close();
  });

  it('survives a server restart in the middle of a conversation, without loss or duplicates', async () => {
    const chat = await startVisitorChat(servers.url(0));
    const staffLogin = await staffCookie(servers.db, servers.url(0));
    let visitor = await TestSocket.open(servers.url(0), { cookie: chat.cookie });
    let staff = await TestSocket.open(servers.url(0), { cookie: staffLogin });
    await visitor.join(chat.id);
    await staff.join(chat.id, { isAdmin: true });
    say(visitor, chat.id, 'one', 'visitor');
    const one = await staff.next('new_message');
    await visitor.next('ack');
    // A message whose acknowledgement the visitor will never see: the server goes away right after.
    const unacknowledged = {
      type: 'message',
      conversationId: chat.id,
      message: 'two',
      senderType: 'visitor',
      clientId: randomUUID(),
    };
    visitor.send(unacknowledged);

    await servers.restart(0);
    expect((await visitor.closed).code).toBe(CHAT_CLOSE.goingAway);
    expect((await staff.closed).code).toBe(CHAT_CLOSE.goingAway);

    // Both come back (sessions live in PostgreSQL) and resume from what they have.
    visitor = await TestSocket.open(servers.url(0), { cookie: chat.cookie });
    staff = await TestSocket.open(servers.url(0), { cookie: staffLogin });
    const staffHistory = await staff.join(chat.id, { isAdmin: true, afterId: one.message.id });
    await visitor.join(chat.id, { afterId: one.message.id });
    // The visitor resends what it never saw acknowledged; it is stored once either way.
    visitor.send(unacknowledged);
    const ack = await visitor.next('ack');
    expect(ack.clientId).toBe(unacknowledged.clientId);
    const delivered = [...staffHistory.messages];
    if (!delivered.some((m) => m.clientId === unacknowledged.clientId))
      delivered.push((await staff.next('new_message')).message);
    say(visitor, chat.id, 'three', 'visitor');
    delivered.push((await staff.next('new_message')).message);
    expect(delivered.map((m) => m.message)).toEqual(['two', 'three']);
    const rows = await servers.db('chat_messages').where({ conversationId: chat.id }).orderBy('seq');
    expect(rows.map((r) => r.message)).toEqual(['one', 'two', 'three']);
    visitor.close();
    staff.close();
  });

  it('catches up sockets when an instance loses its event stream and gets it back', async () => {
    const chat = await startVisitorChat(servers.url(0));
    const visitor = await TestSocket.open(servers.url(0), { cookie: chat.cookie });
    await visitor.join(chat.id);
    const staff = await TestSocket.open(servers.url(1), { cookie: await staffCookie(servers.db, servers.url(1)) });
    await staff.join(chat.id, { isAdmin: true });
    const instance = servers.instance(0);

    // Cut instance 0's listener connection, as a network blip or a database failover would.
    const killed = await servers.db.raw<{ rows: unknown[] }>(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ?`,
      [listenerName(instance.chat.registry.instanceId)],
    );
    expect(killed.rows).toHaveLength(1);
    await eventually(() => !instance.chat.listening);
    const clientId = say(staff, chat.id, 'sent while instance 0 was deaf', 'admin');
    await staff.next('ack', (ack) => ack.clientId === clientId);
    await eventually(() => instance.chat.listening);
    expect((await visitor.next('new_message')).message.message).toBe('sent while instance 0 was deaf');
    say(staff, chat.id, 'and after', 'admin');
    expect((await visitor.next('new_message')).message.message).toBe('and after');
    expect(visitor.pending('new_message')).toHaveLength(0);
    visitor.close();
    staff.close();
  });
});
