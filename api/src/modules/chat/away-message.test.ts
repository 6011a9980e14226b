import { describe, expect, it } from 'vitest';
import type { ChatConversation } from '@shared/schemas/chat';
import { ALWAYS_OPEN, storeBusinessHours, todayIn } from '../../test/business-hours';
import { roomyRateLimits } from '../../test/config';
import { setupTestApp } from '../../test/test-app';
import { acknowledgeEnquiry } from '../enquiries/acknowledgement';
import { mailContext, renderMail } from '../mail/render-mail';
import { postAwayMessage } from './storage/away-message';

/*
 * Away replies (issue 26, decision 188): outside business hours a new chat
 * gets one automatic message saying when the team is back, marked
 * `automatic = 'away'` (never a staff response); never two in a
 * conversation, however many callers race; and the acknowledgement email
 * says the same, but is never sent to an automatic sender.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });

const holidayToday = () => ({
  ...ALWAYS_OPEN,
  holidays: [{ date: todayIn('America/Chicago'), name: 'Founders Day' }],
});

const awayMessages = (conversationId: string) =>
  t.db('chat_messages').where({ conversationId, automatic: 'away' }).select('message', 'senderType', 'senderId');

async function startChat(body: object = { visitorName: 'Vera' }): Promise<string> {
  const response = await t.agent().post('/api/chat/conversations').send(body).expect(201);
  return response.body.id as string;
}

describe('the away message', () => {
  it('is not sent while the team is open', async () => {
    await storeBusinessHours(t.db, ALWAYS_OPEN);
    const id = await startChat();
    expect(await t.db('chat_messages').where({ conversationId: id })).toHaveLength(0);
  });

  it('greets a chat started on a holiday once, as an automatic admin message saying when the team is back', async () => {
    await storeBusinessHours(t.db, holidayToday());
    const withoutEmail = await startChat();
    expect(await awayMessages(withoutEmail)).toEqual([
      {
        senderType: 'admin',
        senderId: null,
        message:
          "Thanks for your message! We're closed today for Founders Day. We're back tomorrow at 12:00 AM Central. " +
          'Leave your email address and our reply will also go by email.',
      },
    ]);
    const withEmail = await startChat({ visitorName: 'Vera', visitorEmail: 'vera@example.com' });
    const [message] = await awayMessages(withEmail);
    expect(message.message).toContain('We have your email address, so our reply will also go there.');
  });

  it('is one per conversation however many start at once, and however many callers race for one', async () => {
    await storeBusinessHours(t.db, holidayToday());
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => startChat({ visitorName: `Racer ${i}` })));
    for (const id of ids) expect(await awayMessages(id)).toHaveLength(1);

    const [conversation] = await t
      .db('chat_conversations')
      .insert({ visitorId: '00000000-0000-4000-8000-0000000000aa', visitorName: 'Quiet', status: 'active' })
      .returning('*');
    const summary = { id: conversation.id, visitorEmail: null } as ChatConversation;
    const posted = await Promise.all(
      Array.from({ length: 8 }, () => t.db.transaction((trx) => postAwayMessage(trx, summary))),
    );
    expect(posted.filter((row) => row !== null)).toHaveLength(1);
    expect(await awayMessages(conversation.id)).toHaveLength(1);
    // The database itself refuses a second one, whoever writes it.
    await expect(
      t
        .db('chat_messages')
        .insert({ conversationId: conversation.id, senderType: 'admin', message: 'x', automatic: 'away' }),
    ).rejects.toThrow(/chat_messages_one_away_unique/);
  });
});

describe('the acknowledgement email outside hours', () => {
  const contact = (email: string) =>
    t.agent().post('/api/contact').send({
      name: 'Priya Raman',
      email,
      phone: '',
      company: '',
      service: 'General Inquiry',
      message: 'Can you help with our Wi-Fi?',
    });

  it('says when the team is back on a holiday, and nothing of it while open', async () => {
    await storeBusinessHours(t.db, holidayToday());
    await contact('closed@example.com').expect(201);
    const [closed] = await t
      .db('mails')
      .where({ recipient: 'closed@example.com', template: 'contact-acknowledgement' });
    const rendered = await renderMail(closed.template, closed.data, mailContext('https://www.example.com'));
    expect(rendered.text).toContain(
      "Our office is closed today for Founders Day: we're back tomorrow at 12:00 AM Central. Our reply will come to you by email.",
    );

    await storeBusinessHours(t.db, ALWAYS_OPEN);
    await contact('open@example.com').expect(201);
    const [open] = await t.db('mails').where({ recipient: 'open@example.com', template: 'contact-acknowledgement' });
    expect(open.data.awayNotice).toBeNull();
    const openText = (await renderMail(open.template, open.data, mailContext('https://www.example.com'))).text;
    expect(openText).not.toContain('closed');
  });

  it('is never sent to an automatic sender', async () => {
    await storeBusinessHours(t.db, holidayToday());
    const queued = await t.db.transaction((trx) =>
      acknowledgeEnquiry(
        trx,
        {
          enquiryId: '00000000-0000-4000-8000-0000000000bb',
          to: 'robot@example.com',
          service: 'General Inquiry',
          copy: null,
          autoSubmitted: true,
        },
        { limit: 100, windowMs: 60_000 },
      ),
    );
    expect(queued).toBe(false);
    expect(await t.db('mails').where({ recipient: 'robot@example.com' })).toHaveLength(0);
  });
});
