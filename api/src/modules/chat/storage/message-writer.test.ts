import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/test-app';
import { liveChannels, type ChatEvent } from '../../../live/channels';
import { decodeLiveEvent } from '../../../live/publish';
import { MessageWriter } from './message-writer';
import { ConversationClosedError, ConversationMissingError, storeMessages, type NewMessage } from './messages';

const t = setupTestApp();
let listener: pg.Client;
const events: ChatEvent[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: t.deps.config.databaseUrl ?? '' });
  await listener.connect();
  listener.on('notification', (message) => {
    const event = decodeLiveEvent('chat', message.payload ?? '');
    if (event) events.push(event);
  });
  await listener.query(`LISTEN ${liveChannels.chat.name}`);
});
afterAll(async () => {
  await listener.end();
});

async function conversation(status: 'active' | 'closed' = 'active'): Promise<string> {
  const [row] = await t
    .db('chat_conversations')
    .insert({
      visitorId: randomUUID(),
      visitorName: 'Batch',
      status,
      closedAt: status === 'closed' ? new Date() : null,
    })
    .returning('id');
  return row.id;
}

function input(conversationId: string, text: string, clientId: string | null = randomUUID()): NewMessage {
  return { conversationId, senderType: 'visitor', senderId: null, text, clientId, origin: null };
}

async function eventsFor(conversationId: string, count: number) {
  const deadline = Date.now() + 5000;
  const mine = () =>
    events.filter((e) => e.kind === 'message' && e.message.conversationId === conversationId) as Extract<
      ChatEvent,
      { kind: 'message' }
    >[];
  while (mine().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return mine();
}

describe('storing a batch of messages in one transaction', () => {
  it('stores what it may, tells each sender what happened, and announces each stored message once, in order', async () => {
    const open = await conversation();
    const closed = await conversation('closed');
    const earlier = input(open, 'stored earlier');
    await storeMessages(t.db, [earlier]);
    const twice = randomUUID();

    const outcomes = await storeMessages(t.db, [
      input(open, 'first'),
      input(closed, 'to a closed conversation'),
      input(randomUUID(), 'to nowhere'),
      earlier,
      input(open, 'no client id', null),
      input(open, 'sent twice', twice),
      input(open, 'sent twice', twice),
      input(open, 'last'),
    ]);

    expect(outcomes[0]).toMatchObject({ duplicate: false, message: { message: 'first' } });
    expect(outcomes[1]).toBeInstanceOf(ConversationClosedError);
    expect(outcomes[2]).toBeInstanceOf(ConversationMissingError);
    expect(outcomes[3]).toMatchObject({ duplicate: true, message: { message: 'stored earlier' } });
    expect(outcomes[4]).toMatchObject({ duplicate: false, message: { message: 'no client id', clientId: null } });
    expect(outcomes[5]).toMatchObject({ duplicate: false, message: { message: 'sent twice' } });
    expect(outcomes[6]).toMatchObject({ duplicate: true, message: { message: 'sent twice' } });
    expect(outcomes[7]).toMatchObject({ duplicate: false });

    const rows = await t.db('chat_messages').where({ conversationId: open }).orderBy('seq');
    const stored = ['stored earlier', 'first', 'no client id', 'sent twice', 'last'];
    expect(rows.map((r) => r.message)).toEqual(stored);
    expect(await t.db('chat_messages').where({ conversationId: closed })).toHaveLength(0);

    const announced = await eventsFor(open, stored.length);
    expect(announced.map((e) => e.message.message)).toEqual(stored);
    expect(announced.map((e) => e.seq)).toEqual(rows.map((r) => r.seq));
    // The summary staff see counts what is now unread.
    expect(announced.at(-1)?.conversation.unreadCount).toBe(5);
  });

  it('writes many senders at once, each in the order it sent', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => conversation()));
    const writer = new MessageWriter(t.db, t.deps.logger, t.deps.config.mail);
    // Like sockets: each sender waits for one message to be stored before sending the next.
    await Promise.all(
      ids.map(async (id) => {
        for (let i = 0; i < 20; i += 1) expect((await writer.store(input(id, `${id}:${i}`))).duplicate).toBe(false);
      }),
    );
    for (const id of ids) {
      const rows = await t.db('chat_messages').where({ conversationId: id }).orderBy('seq');
      expect(rows.map((r) => r.message)).toEqual(Array.from({ length: 20 }, (_, i) => `${id}:${i}`));
    }
  });
});
