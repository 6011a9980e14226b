import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, logIn } from '../../test/factories';
import { outboxRows } from '../../test/mail';
import { setupTestApp } from '../../test/test-app';
import { buildTicket, callerOf, type Caller } from '../../test/ticket-factories';

const t = setupTestApp();

let staff: Caller;
let client: Caller;
let admin: Caller;
let sales: Caller;

beforeAll(async () => {
  staff = await callerOf(t, 'staff', { firstName: 'Sam' });
  client = await callerOf(t, 'client', { email: 'ada@example.com', firstName: 'Ada' });
  const builtAdmin = await buildUser(t.db, { accountType: 'staff', staffRole: 'admin' });
  admin = { built: builtAdmin, agent: t.agent() };
  await logIn(admin.agent, builtAdmin);
  const builtSales = await buildUser(t.db, { accountType: 'staff', staffRole: 'sales' });
  sales = { built: builtSales, agent: t.agent() };
  await logIn(sales.agent, builtSales);
});

beforeEach(async () => {
  await t.db('settings').where({ key: 'surveys' }).delete();
});

/** Completes a ticket through the console, as staff do. */
async function complete(ticketId: string) {
  for (const status of ['in_progress', 'completed']) {
    const res = await staff.agent.patch(`/api/admin/service-requests/${ticketId}`).send({ status });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** The token in the newest survey mail of a survey (the outbox keeps it until the mail is delivered). */
async function mailedToken(surveyId: string): Promise<string> {
  const rows = await outboxRows(t.db, `satisfaction-survey:${surveyId}`);
  expect(rows.length).toBeGreaterThan(0);
  const data = rows.at(-1)!.data as unknown as { token: string };
  return data.token;
}

async function completedTicketSurvey() {
  const ticket = await buildTicket(t.db, client.built.user, { service: 'Field IT Services' });
  await staff.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ assigneeId: staff.built.user.id });
  await complete(ticket.id);
  const survey = await t.db('satisfaction_surveys').where({ ticketId: ticket.id }).first();
  return { ticket, survey, token: await mailedToken(survey.id) };
}

describe('a completed ticket asks "How did we do?" by email', () => {
  it('once, to the client, with the assignee kept for the reports', async () => {
    const { ticket, survey } = await completedTicketSurvey();
    expect(survey).toMatchObject({
      userId: client.built.user.id,
      email: 'ada@example.com',
      assigneeId: staff.built.user.id,
      channel: 'email',
      rating: null,
      answeredAt: null,
    });
    expect(survey.sentAt).toBeInstanceOf(Date);
    const rows = await outboxRows(t.db, `satisfaction-survey:${survey.id}`);
    expect(rows.map((row) => [row.template, row.recipient])).toEqual([['satisfaction-survey', 'ada@example.com']]);
    // Reopened and completed again: still one survey, one mail.
    await staff.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ status: 'in_progress' });
    await staff.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ status: 'completed' });
    expect(await t.db('satisfaction_surveys').where({ ticketId: ticket.id })).toHaveLength(1);
    expect(await outboxRows(t.db, `satisfaction-survey:${survey.id}`)).toHaveLength(1);
  });

  it('the link reads and answers without a sign-in; the answer shows on the ticket and in the timeline', async () => {
    const { ticket, token } = await completedTicketSurvey();
    const read = await t.request().get(`/api/feedback/${token}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ question: 'How did we do?', rating: null, answeredAt: null });
    expect(read.body.about).toMatch(/^your request T-\d+ \(Field IT Services\)$/);
    expect(read.headers['cache-control']).toBe('no-store');

    const answer = await t.request().post(`/api/feedback/${token}`).send({ rating: 4, comment: 'Quick and tidy.' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ rating: 4, comment: 'Quick and tidy.' });
    expect(answer.body.changeableUntil).not.toBeNull();

    const thread = await staff.agent.get(`/api/service-requests/${ticket.id}`);
    expect(thread.body.survey).toMatchObject({ rating: 4, comment: 'Quick and tidy.', channel: 'email' });
    // The client's own thread does not carry it.
    expect((await client.agent.get(`/api/service-requests/${ticket.id}`)).body.survey).toBeUndefined();
    const bySurveyRoute = await staff.agent.get(`/api/admin/service-requests/${ticket.id}/survey`);
    expect(bySurveyRoute.body.survey).toMatchObject({ rating: 4 });

    const customer = await admin.agent.get(`/api/admin/customers/${client.built.user.id}`);
    const entry = customer.body.timeline.find((e: { kind: string }) => e.kind === 'survey');
    expect(entry).toMatchObject({ title: 'Rated 4/5 · service request · “Quick and tidy.”' });
    expect(entry.link).toBe(`/admin/service-requests?id=${ticket.id}`);
  });

  it('one answer per survey: changing it within 7 days keeps the first answer time; after 7 days it is refused', async () => {
    const { survey, token } = await completedTicketSurvey();
    expect((await t.request().post(`/api/feedback/${token}`).send({ rating: 2 })).status).toBe(200);
    const first = await t.db('satisfaction_surveys').where({ id: survey.id }).first();
    const changed = await t.request().post(`/api/feedback/${token}`).send({ rating: 5, comment: 'Fixed after all' });
    expect(changed.status).toBe(200);
    const after = await t.db('satisfaction_surveys').where({ id: survey.id }).first();
    expect(after).toMatchObject({ rating: 5, comment: 'Fixed after all' });
    expect(after.answeredAt).toEqual(first.answeredAt);
    expect(after.changedAt).toBeInstanceOf(Date);

    await t
      .db('satisfaction_surveys')
      .where({ id: survey.id })
      .update({ answeredAt: t.db.raw("now() - interval '8 days'") });
    const late = await t.request().post(`/api/feedback/${token}`).send({ rating: 1 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/more than 7 days ago and can no longer be changed/);
    expect((await t.request().get(`/api/feedback/${token}`)).status).toBe(409);
    expect((await t.db('satisfaction_surveys').where({ id: survey.id }).first()).rating).toBe(5);
  });

  it('an unknown token is a 404 with a message; bad answers are 400 and change nothing', async () => {
    const unknown = await t.request().get('/api/feedback/not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^This feedback link is not valid/);
    expect((await t.request().post('/api/feedback/not-a-real-token').send({ rating: 3 })).status).toBe(404);

    const { survey, token } = await completedTicketSurvey();
    for (const body of [{}, { rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: '5' }, { rating: 3, extra: 1 }]) {
      const res = await t.request().post(`/api/feedback/${token}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const long = await t
      .request()
      .post(`/api/feedback/${token}`)
      .send({ rating: 3, comment: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect((await t.db('satisfaction_surveys').where({ id: survey.id }).first()).rating).toBeNull();
  });

  it('sends nothing while surveys are turned off (admins only may turn them off)', async () => {
    expect((await admin.agent.get('/api/admin/settings/surveys')).body).toEqual({ enabled: true });
    expect((await sales.agent.put('/api/admin/settings/surveys').send({ enabled: false })).status).toBe(403);
    expect((await sales.agent.get('/api/admin/settings/surveys')).status).toBe(403);
    expect((await admin.agent.put('/api/admin/settings/surveys').send({ enabled: 'no' })).status).toBe(400);
    const off = await admin.agent.put('/api/admin/settings/surveys').send({ enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false });
    const ticket = await buildTicket(t.db, client.built.user);
    await complete(ticket.id);
    expect(await t.db('satisfaction_surveys').where({ ticketId: ticket.id })).toEqual([]);
    const resend = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/survey`);
    expect(resend.status).toBe(409);
    expect(resend.body).toEqual({ message: 'Satisfaction surveys are turned off in the settings' });
    expect(await t.db('satisfaction_surveys').where({ ticketId: ticket.id })).toEqual([]);
  });
});

describe('staff send a survey again', () => {
  it('by email with a new link (the old one stops working); never once answered', async () => {
    const { ticket, survey, token } = await completedTicketSurvey();
    const resent = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/survey`);
    expect(resent.status).toBe(200);
    expect(resent.body.survey).toMatchObject({ id: survey.id, channel: 'email', rating: null });
    // The first mail, still waiting in the outbox, is withdrawn: its link is dead.
    const rows = await outboxRows(t.db, `satisfaction-survey:${survey.id}`);
    expect(rows.map((row) => row.idempotencyKey)).toEqual([
      expect.stringMatching(`^satisfaction-survey:${survey.id}:`),
    ]);
    const newToken = await mailedToken(survey.id);
    expect(newToken).not.toBe(token);
    expect((await t.request().get(`/api/feedback/${token}`)).status).toBe(404);
    expect((await t.request().post(`/api/feedback/${newToken}`).send({ rating: 5 })).status).toBe(200);
    const again = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/survey`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'The client has already answered this survey' });
  });

  it('only for a completed ticket, to staff who work tickets', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const open = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/survey`);
    expect(open.status).toBe(409);
    expect(open.body).toEqual({ message: 'A survey is sent for a completed request only' });
    expect((await sales.agent.post(`/api/admin/service-requests/${ticket.id}/survey`)).status).toBe(403);
    expect((await client.agent.post(`/api/admin/service-requests/${ticket.id}/survey`)).status).toBe(403);
    expect((await t.request().post(`/api/admin/service-requests/${ticket.id}/survey`)).status).toBe(401);
    expect((await staff.agent.post('/api/admin/service-requests/not-an-id/survey')).status).toBe(404);
    expect(await t.db('satisfaction_surveys').where({ ticketId: ticket.id })).toEqual([]);
  });

  it('creates the survey when none was sent (surveys were off at completion)', async () => {
    await admin.agent.put('/api/admin/settings/surveys').send({ enabled: false });
    const ticket = await buildTicket(t.db, client.built.user);
    await complete(ticket.id);
    await admin.agent.put('/api/admin/settings/surveys').send({ enabled: true });
    const sent = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/survey`);
    expect(sent.status).toBe(200);
    const survey = await t.db('satisfaction_surveys').where({ ticketId: ticket.id }).first();
    expect(await mailedToken(survey.id)).toEqual(expect.any(String));
  });
});
