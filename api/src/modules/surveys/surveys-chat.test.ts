import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { loginCookie, startVisitorChat, TestSocket, useChatServers } from '../../test/chat';
import { outboxRows } from '../../test/mail';

// Real instances (HTTP, chat socket, mail worker) on one database: the widget is a real WebSocket.
const servers = useChatServers(2);

async function staffDesk(firstName = 'Sam') {
  const built = await buildUser(servers.db, { accountType: 'staff', staffRole: 'support', firstName });
  const cookie = await loginCookie(servers.url(), built);
  return { built, cookie, socket: await TestSocket.open(servers.url(1), { cookie }) };
}

async function close(conversationId: string, cookie: string) {
  const res = await fetch(`${servers.url()}/api/chat/conversations/${conversationId}/close`, {
    method: 'PATCH',
    headers: { Cookie: cookie, Origin: servers.url() },
  });
  expect(res.status).toBe(200);
}

const surveyOf = (chatConversationId: string) =>
  servers.db('satisfaction_surveys').where({ chatConversationId }).first();

describe('a closed chat asks "How did we do?"', () => {
  it('in the widget when it is open (on another instance): no email; the answer goes through the token', async () => {
    const desk = await staffDesk('Sam');
    const chat = await startVisitorChat(servers.url(), { visitorName: 'Ada', visitorEmail: 'ada@example.com' });
    // The visitor's widget is on the first instance, staff on the second.
    const widget = await TestSocket.open(servers.url(0), { cookie: chat.cookie });
    await widget.join(chat.id);
    await desk.socket.join(chat.id, { isAdmin: true });
    desk.socket.send({ type: 'message', conversationId: chat.id, message: 'Fixed it for you', senderType: 'admin' });
    // The visitor sees who answers.
    expect((await widget.next('new_message')).message).toMatchObject({ senderType: 'admin', senderName: 'Sam' });

    await close(chat.id, desk.cookie);
    await widget.next('conversation_closed');
    const frame = await widget.next('survey');
    expect(frame).toMatchObject({ conversationId: chat.id, question: 'How did we do?' });
    const survey = await surveyOf(chat.id);
    expect(survey).toMatchObject({ channel: 'widget', email: 'ada@example.com', rating: null });
    // The emailed fallback, held back for the widget, was withdrawn.
    expect(await outboxRows(servers.db, `satisfaction-survey:${survey.id}`)).toEqual([]);
    // The staff socket never gets the visitor's survey.
    expect(desk.socket.pending('survey')).toEqual([]);

    const answer = await fetch(`${servers.url(1)}/api/feedback/${frame.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: servers.url(1) },
      body: JSON.stringify({ rating: 5, comment: 'Lovely' }),
    });
    expect(answer.status).toBe(200);
    expect(await surveyOf(chat.id)).toMatchObject({ rating: 5, comment: 'Lovely', channel: 'widget' });

    const staffView = await fetch(`${servers.url()}/api/admin/chat/conversations/${chat.id}/survey`, {
      headers: { Cookie: desk.cookie },
    });
    expect(((await staffView.json()) as { survey: { rating: number } }).survey.rating).toBe(5);
    widget.close();
    desk.socket.close();
  });

  it('asked again when the widget is reopened on the closed chat (a new token: only the hash is kept)', async () => {
    const desk = await staffDesk();
    const chat = await startVisitorChat(servers.url(), { visitorName: 'Di', visitorEmail: null });
    const first = await TestSocket.open(servers.url(), { cookie: chat.cookie });
    await first.join(chat.id);
    await close(chat.id, desk.cookie);
    const asked = await first.next('survey');
    first.close();
    // The page is reloaded: the widget joins the closed chat again, on the other instance.
    const again = await TestSocket.open(servers.url(1), { cookie: chat.cookie });
    await again.join(chat.id);
    const reasked = await again.next('survey');
    expect(reasked.token).not.toBe(asked.token);
    const post = (token: string) =>
      fetch(`${servers.url()}/api/feedback/${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: servers.url() },
        body: JSON.stringify({ rating: 3 }),
      });
    expect((await post(asked.token)).status).toBe(404);
    expect((await post(reasked.token)).status).toBe(200);
    again.close();
    // Answered: a widget opened later is not asked.
    const later = await TestSocket.open(servers.url(), { cookie: chat.cookie });
    await later.join(chat.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(later.pending('survey')).toEqual([]);
    later.close();
    desk.socket.close();
  });

  it('by email when no widget is open: the mail is queued to go a minute later (time for a widget to ask first)', async () => {
    const desk = await staffDesk();
    const chat = await startVisitorChat(servers.url(), { visitorName: 'Bo', visitorEmail: 'bo@example.com' });
    await close(chat.id, desk.cookie);
    const survey = await surveyOf(chat.id);
    expect(survey).toMatchObject({ channel: null, sentAt: null });
    const [mail] = await outboxRows(servers.db, `satisfaction-survey:${survey.id}`);
    expect(mail).toMatchObject({ template: 'satisfaction-survey', recipient: 'bo@example.com', status: 'queued' });
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    desk.socket.close();
  });

  it('nothing when surveys are off; staff can send it again by email once it is on', async () => {
    const desk = await staffDesk();
    await servers.db('settings').insert({ key: 'surveys', value: JSON.stringify({ enabled: false }) });
    try {
      const chat = await startVisitorChat(servers.url(), { visitorName: 'Cy', visitorEmail: 'cy@example.com' });
      const widget = await TestSocket.open(servers.url(), { cookie: chat.cookie });
      await widget.join(chat.id);
      await close(chat.id, desk.cookie);
      await widget.next('conversation_closed');
      expect(await surveyOf(chat.id)).toBeUndefined();
      await servers.db('settings').where({ key: 'surveys' }).delete();
      const resend = await fetch(`${servers.url()}/api/admin/chat/conversations/${chat.id}/survey`, {
        method: 'POST',
        headers: { Cookie: desk.cookie, Origin: servers.url() },
      });
      expect(resend.status).toBe(200);
      const survey = await surveyOf(chat.id);
      expect(survey).toMatchObject({ channel: 'email', email: 'cy@example.com' });
      expect(await outboxRows(servers.db, `satisfaction-survey:${survey.id}`)).toHaveLength(1);
      expect(widget.pending('survey')).toEqual([]);
      widget.close();
    } finally {
      await servers.db('settings').where({ key: 'surveys' }).delete();
      desk.socket.close();
    }
  });
});
