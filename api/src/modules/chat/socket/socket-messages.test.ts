import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNFILLED_PLACEHOLDER_MESSAGE } from '@shared/canned-replies';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import { chatActors, staffCookie, startVisitorChat, TestSocket, useChatServers } from '../../../test/chat';

const servers = useChatServers(1);
const url = () => servers.url();
const { visitor, staff, storedMessages } = chatActors(servers);

describe('messages', () => {
  it('stores a message before anyone hears of it, and acknowledges it with the stored id', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const desk = await staff();
    await desk.join(id, { isAdmin: true });

    const clientId = randomUUID();
    socket.send({
      type: 'message',
      conversationId: id,
      message: '  Hello, is anyone there?  ',
      senderType: 'visitor',
      clientId,
    });
    const received = await desk.next('new_message');
    // The staff socket heard of it: it must already be in the table.
    const [row] = await storedMessages(id);
    expect(row).toMatchObject({
      id: received.message.id,
      message: 'Hello, is anyone there?',
      senderType: 'visitor',
      clientId,
    });
    const ack = await socket.next('ack');
    expect(ack).toMatchObject({ clientId, message: { id: row.id, message: 'Hello, is anyone there?' } });
    // The sender gets its ack, not a second copy.
    expect(socket.pending('new_message')).toHaveLength(0);

    const staffAccount = await servers.db('users').where({ accountType: 'staff' }).first();
    desk.send({ type: 'message', conversationId: id, message: 'Yes — how can we help?', senderType: 'admin' });
    expect((await socket.next('new_message')).message).toMatchObject({
      senderType: 'admin',
      message: 'Yes — how can we help?',
    });
    const reply = (await storedMessages(id))[1];
    expect(reply.senderType).toBe('admin');
    expect(staffAccount).toBeDefined();
    socket.close();
    desk.close();
  });

  it('delivers messages in the order they were sent, and history has the same order', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const desk = await staff();
    await desk.join(id, { isAdmin: true });
    const texts = Array.from({ length: 10 }, (_, i) => `message ${i + 1}`);
    for (const text of texts)
      socket.send({ type: 'message', conversationId: id, message: text, senderType: 'visitor' });
    const received = [];
    for (let i = 0; i < texts.length; i += 1) received.push((await desk.next('new_message')).message.message);
    expect(received).toEqual(texts);
    const later = await staff();
    expect((await later.join(id, { isAdmin: true })).messages.map((m) => m.message)).toEqual(texts);
    for (const s of [socket, desk, later]) s.close();
  });

  it('allows 10 messages per 10 seconds per socket and refuses the 11th without storing it', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    for (let i = 0; i < 11; i += 1) {
      socket.send({
        type: 'message',
        conversationId: id,
        message: `flood ${i}`,
        senderType: 'visitor',
        clientId: randomUUID(),
      });
    }
    const error = await socket.next('error');
    expect(error).toMatchObject({ code: 'rate_limited', conversationId: id });
    expect(error.message).toMatch(/too quickly/);
    for (let i = 0; i < 10; i += 1) await socket.next('ack');
    expect(await storedMessages(id)).toHaveLength(10);
    socket.close();
  });

  it('stores a resent message once (same client id) and acknowledges both', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const clientId = randomUUID();
    const frame = { type: 'message', conversationId: id, message: 'only once', senderType: 'visitor', clientId };
    socket.send(frame);
    const first = await socket.next('ack');
    socket.send(frame);
    const second = await socket.next('ack');
    expect(second.message.id).toBe(first.message.id);
    expect(await storedMessages(id)).toHaveLength(1);
    socket.close();
  });

  it('stores HTML and script text as plain text', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)> & 🙂 Ünïcödé';
    socket.send({ type: 'message', conversationId: id, message: text, senderType: 'visitor' });
    expect((await socket.next('ack')).message.message).toBe(text);
    expect((await storedMessages(id))[0].message).toBe(text);
    socket.close();
  });

  it('takes up to 2,000 characters (counted like the database, emoji included)', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const longest = '🙂'.repeat(2000);
    socket.send({ type: 'message', conversationId: id, message: longest, senderType: 'visitor' });
    // 8,000 bytes of UTF-8: too big for a NOTIFY payload, so listeners load it by id.
    expect((await socket.next('ack')).message.message).toBe(longest);
    socket.send({
      type: 'message',
      conversationId: id,
      message: `${longest}!`,
      senderType: 'visitor',
      clientId: randomUUID(),
    });
    expect(await socket.next('error')).toMatchObject({
      code: 'invalid_message',
      message: 'message: Message must be at most 2000 characters',
    });
    expect(await storedMessages(id)).toHaveLength(1);
    socket.close();
  });
});

describe('bad input', () => {
  it('answers malformed frames with an error frame and keeps the socket', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const other = await startVisitorChat(url());
    const cases: [unknown, string, RegExp][] = [
      ['not json', 'invalid_frame', /JSON/],
      ['{"type":', 'invalid_frame', /JSON/],
      ['null', 'invalid_frame', /./],
      [{ type: 'shout', conversationId: id }, 'invalid_frame', /type/],
      [{ type: 'message', message: 'no id', senderType: 'visitor' }, 'invalid_frame', /conversationId/],
      [
        { type: 'message', conversationId: 'not-a-uuid', message: 'x', senderType: 'visitor' },
        'invalid_frame',
        /conversationId/,
      ],
      [{ type: 'message', conversationId: id, message: '   ', senderType: 'visitor' }, 'invalid_message', /empty/],
      [{ type: 'message', conversationId: id, message: 42, senderType: 'visitor' }, 'invalid_message', /message/],
      [
        { type: 'message', conversationId: id, message: 'nul\u0000', senderType: 'visitor' },
        'invalid_message',
        /invalid characters/,
      ],
      [
        { type: 'message', conversationId: id, message: 'x', senderType: 'visitor', extra: 1 },
        'invalid_frame',
        /Unrecognized key/,
      ],
      [{ type: 'message', conversationId: id, message: 'x', senderType: 'admin' }, 'forbidden', /visitor/],
      [{ type: 'message', conversationId: other.id, message: 'x', senderType: 'visitor' }, 'not_joined', /Join/],
      [{ type: 'join', conversationId: id, isAdmin: 'yes' }, 'invalid_frame', /isAdmin/],
    ];
    for (const [frame, code, message] of cases) {
      socket.send(frame);
      const error = await socket.next('error');
      expect({ frame, code: error.code }).toEqual({ frame, code });
      expect(error.message).toMatch(message);
    }
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await socket.next('error')).toMatchObject({ code: 'invalid_frame' });
    expect(await storedMessages(id)).toHaveLength(0);
    expect(await storedMessages(other.id)).toHaveLength(0);
    // Still usable.
    socket.send({ type: 'message', conversationId: id, message: 'still here', senderType: 'visitor' });
    expect((await socket.next('ack')).message.message).toBe('still here');
    socket.close();
  });

  it('refuses a NUL or a lone surrogate anywhere in a frame, naming the field, as HTTP bodies are (decision 070)', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const clientId = randomUUID();
    const cases: [unknown, string, string, Record<string, string>][] = [
      // Half a surrogate pair: before the edge rule it was stored as U+FFFD.
      [
        { type: 'message', conversationId: id, message: 'x\ud800', senderType: 'visitor', clientId },
        'invalid_message',
        'message: contains invalid characters',
        { conversationId: id, clientId },
      ],
      [
        { type: 'message', conversationId: id, message: '\udc00 low first', senderType: 'visitor' },
        'invalid_message',
        'message: contains invalid characters',
        { conversationId: id },
      ],
      [
        { type: 'message', conversationId: id, message: 'nul\u0000', senderType: 'visitor', clientId },
        'invalid_message',
        'message: contains invalid characters',
        { conversationId: id, clientId },
      ],
      [
        { type: 'message', conversationId: id, message: 'fine', senderType: 'visitor\ud800', clientId },
        'invalid_frame',
        'senderType: contains invalid characters',
        { conversationId: id, clientId },
      ],
      [
        { type: 'typing', conversationId: id, isTyping: true, 'key\u0000': 1 },
        'invalid_frame',
        'key\\u0000: contains invalid characters',
        { conversationId: id },
      ],
      [
        { type: 'join\ud800', conversationId: id },
        'invalid_frame',
        'type: contains invalid characters',
        { conversationId: id },
      ],
    ];
    for (const [frame, code, message, echo] of cases) {
      socket.send(frame);
      expect({ frame, error: await socket.next('error') }).toEqual({
        frame,
        error: { type: 'error', code, message, ...echo },
      });
    }
    expect(await storedMessages(id)).toHaveLength(0);
    // A well-formed pair (an emoji) is text like any other.
    socket.send({ type: 'message', conversationId: id, message: 'ok \ud83d\ude42', senderType: 'visitor' });
    expect((await socket.next('ack')).message.message).toBe('ok 🙂');
    socket.close();
  });

  it('closes a socket that sends a 1 MB frame, storing nothing, and keeps serving others', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    socket.send({ type: 'message', conversationId: id, message: 'x'.repeat(1024 * 1024), senderType: 'visitor' });
    expect((await socket.closed).code).toBe(CHAT_CLOSE.tooBig);
    expect(await storedMessages(id)).toHaveLength(0);
    const again = await TestSocket.open(url(), { cookie: (await startVisitorChat(url())).cookie });
    again.close();
  });

  it('closes a socket that floods it with frames', async () => {
    const { id, socket } = await visitor();
    for (let i = 0; i < 200; i += 1) socket.send({ type: 'typing', conversationId: id, isTyping: true });
    expect((await socket.closed).code).toBe(CHAT_CLOSE.policy);
  });
});

describe('live state', () => {
  it('relays typing, marks visitor messages read, and feeds staff consoles', async () => {
    const desk = await staff();
    desk.send({ type: 'staff_feed' });
    const { id, socket } = await visitor('Grace');
    const created = await desk.next('conversation', (f) => f.conversation.id === id);
    expect(created).toMatchObject({ reason: 'created', conversation: { visitorName: 'Grace', unreadCount: 0 } });
    await socket.join(id);
    await desk.join(id, { isAdmin: true });

    socket.send({ type: 'typing', conversationId: id, isTyping: true });
    expect(await desk.next('typing')).toEqual({
      type: 'typing',
      conversationId: id,
      senderType: 'visitor',
      isTyping: true,
    });

    socket.send({ type: 'message', conversationId: id, message: 'one', senderType: 'visitor' });
    socket.send({ type: 'message', conversationId: id, message: 'two', senderType: 'visitor' });
    await desk.next('conversation', (f) => f.reason === 'message' && f.conversation.unreadCount === 1);
    const second = await desk.next('conversation', (f) => f.reason === 'message' && f.conversation.unreadCount === 2);
    expect(second.message).toMatchObject({ message: 'two', senderType: 'visitor' });

    desk.send({ type: 'read', conversationId: id });
    expect(await socket.next('read')).toEqual({ type: 'read', conversationId: id, readerType: 'admin', upToId: null });
    expect((await desk.next('conversation', (f) => f.reason === 'read')).conversation.unreadCount).toBe(0);
    const rows = await storedMessages(id);
    expect(rows.every((row) => row.isRead)).toBe(true);
    socket.close();
    desk.close();
  });

  it('tells visitors whether staff are online, across connects and disconnects', async () => {
    const status = async () =>
      ((await (await fetch(`${url()}/api/chat/status`)).json()) as { staffOnline: boolean }).staffOnline;
    // The staff console of the test before may still be going away: start when nobody is online.
    await expect.poll(status, { timeout: 10_000 }).toBe(false);
    const { id, socket } = await visitor();
    await socket.join(id);
    expect((await socket.next('presence')).staffOnline).toBe(false);
    expect(await status()).toBe(false);
    const desk = await staff();
    desk.send({ type: 'staff_feed' });
    expect((await socket.next('presence')).staffOnline).toBe(true);
    expect(await status()).toBe(true);
    desk.close();
    expect((await socket.next('presence')).staffOnline).toBe(false);
    socket.close();
  });

  it('closes a conversation for everyone in it and refuses messages after', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const cookie = await staffCookie(servers.db, url());
    const res = await fetch(`${url()}/api/chat/conversations/${id}/close`, {
      method: 'PATCH',
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(await socket.next('conversation_closed')).toMatchObject({ conversationId: id });
    socket.send({ type: 'message', conversationId: id, message: 'hello?', senderType: 'visitor' });
    expect(await socket.next('error')).toMatchObject({ code: 'conversation_closed' });
    expect(await storedMessages(id)).toHaveLength(0);
    socket.close();
  });
});

describe('canned reply placeholders', () => {
  it('refuses a staff message still holding a {{placeholder}} (never sent as braces); a visitor may type braces', async () => {
    const { id, socket } = await visitor();
    await socket.join(id);
    const desk = await staff();
    await desk.join(id, { isAdmin: true });
    const clientId = randomUUID();
    desk.send({
      type: 'message',
      conversationId: id,
      message: 'Order {{order.number}}',
      senderType: 'admin',
      clientId,
    });
    expect(await desk.next('error')).toMatchObject({
      code: 'invalid_message',
      message: UNFILLED_PLACEHOLDER_MESSAGE,
      conversationId: id,
      clientId,
    });
    socket.send({ type: 'message', conversationId: id, message: 'what is {{this}}?', senderType: 'visitor' });
    expect((await desk.next('new_message')).message.message).toBe('what is {{this}}?');
    expect((await storedMessages(id)).map((row: { message: string }) => row.message)).toEqual(['what is {{this}}?']);
    socket.close();
    desk.close();
  });
});
