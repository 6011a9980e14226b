import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/test-app';
import { emailUnreadReplies } from './chat-mails';
import { markRead, storeMessages, type NewMessage } from './messages';
import { reportStaffConnections } from './presence';

const t = setupTestApp();
const staff = { staffAlertEmails: ['desk@example.com'] };

async function conversation(visitorEmail: string | null = null): Promise<string> {
  const [row] = await t
    .db('chat_conversations')
    .insert({ visitorId: randomUUID(), visitorName: 'Sam Visitor', visitorEmail })
    .returning('id');
  return row.id;
}

function say(conversationId: string, text: string, senderType: NewMessage['senderType'] = 'visitor'): NewMessage {
  return { conversationId, senderType, senderId: null, text, clientId: randomUUID(), origin: null };
}

const alertsFor = (conversationId: string) =>
  t.db('mails').where({ template: 'staff-chat-message' }).whereRaw(`data->>'conversationId' = ?`, [conversationId]);

describe('staff alerts for chat messages', () => {
  it('alert staff when no console is connected, at most once per conversation per 10 minutes', async () => {
    const id = await conversation('sam@example.com');
    await storeMessages(t.db, [say(id, 'Hello? Is anyone there?')], staff);
    await storeMessages(t.db, [say(id, 'Second message')], staff);
    const [alert, ...more] = await alertsFor(id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      recipient: 'desk@example.com',
      replyTo: 'sam@example.com',
      status: 'queued',
      data: {
        conversationId: id,
        visitorName: 'Sam Visitor',
        visitorEmail: 'sam@example.com',
        message: 'Hello? Is anyone there?',
      },
    });

    // Ten minutes later the next message alerts again.
    await t
      .db('chat_conversations')
      .where({ id })
      .update({ staffAlertedAt: new Date(Date.now() - 10 * 60_000 - 1000) });
    await storeMessages(t.db, [say(id, 'Still here')], staff);
    expect((await alertsFor(id)).map((m) => m.data.message)).toEqual(['Hello? Is anyone there?', 'Still here']);
  });

  it('send nothing while a staff console is connected, nor for staff messages', async () => {
    const id = await conversation();
    await reportStaffConnections(t.db, `instance-${randomUUID()}`, 1);
    await storeMessages(t.db, [say(id, 'Hi')], staff);
    await t.db('chat_presence').delete();
    await storeMessages(t.db, [say(id, 'A staff reply', 'admin')], staff);
    expect(await alertsFor(id)).toHaveLength(0);
  });
});

describe('emailing staff replies to a visitor who left', () => {
  const repliesTo = (email: string) => t.db('mails').where({ template: 'chat-replies', recipient: email });
  const now = { quietMs: 0, maxWaitMs: 10 * 60_000 };

  it('sends the unread replies together, once, to the address the visitor left', async () => {
    const id = await conversation('away@example.com');
    await storeMessages(t.db, [
      say(id, 'Question'),
      say(id, 'First answer', 'admin'),
      say(id, 'Second answer', 'admin'),
    ]);
    expect(await emailUnreadReplies(t.db, now)).toBe(1);
    const [mail] = await repliesTo('away@example.com');
    expect(mail.data).toMatchObject({
      conversationId: id,
      visitorName: 'Sam Visitor',
      replies: [{ text: 'First answer' }, { text: 'Second answer' }],
    });
    // Nothing new: nothing sent again. A later reply goes in a mail of its own.
    expect(await emailUnreadReplies(t.db, now)).toBe(0);
    await storeMessages(t.db, [say(id, 'Third answer', 'admin')]);
    expect(await emailUnreadReplies(t.db, now)).toBe(1);
    const mails = await repliesTo('away@example.com').orderBy('createdAt');
    expect(mails.map((m) => m.data.replies.map((r: { text: string }) => r.text))).toEqual([
      ['First answer', 'Second answer'],
      ['Third answer'],
    ]);
  });

  it('waits while staff are still writing, and sends nothing the visitor has read or without an address', async () => {
    const writing = await conversation('writing@example.com');
    await storeMessages(t.db, [say(writing, 'Just now', 'admin')]);
    expect(await emailUnreadReplies(t.db, { quietMs: 60_000, maxWaitMs: 600_000 })).toBe(0);

    const read = await conversation('reader@example.com');
    await storeMessages(t.db, [say(read, 'Answer', 'admin')]);
    await markRead(t.db, { conversationId: read, readerType: 'visitor', upToId: null });
    const anonymous = await conversation(null);
    await storeMessages(t.db, [say(anonymous, 'Answer', 'admin')]);
    await emailUnreadReplies(t.db, now);
    expect(await repliesTo('reader@example.com')).toHaveLength(0);
    expect(await t.db('mails').whereRaw(`data->>'conversationId' = ?`, [anonymous])).toHaveLength(0);
  });
});
