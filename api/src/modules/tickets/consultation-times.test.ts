import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxRows } from '../../test/mail';
import { buildTicket, callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp({
  mail: { smtpUrl: null, from: 'noreply@example.com', staffAlertEmails: ['desk@example.com'] },
});

let staff: Caller;
let client: Caller;
let otherClient: Caller;

beforeAll(async () => {
  staff = await callerOf(t, 'staff', { firstName: 'Sam' });
  client = await callerOf(t, 'client', { email: 'ada@example.com', firstName: 'Ada' });
  otherClient = await callerOf(t, 'client');
});

let payments = 0;
const paidTicket = () => buildTicket(t.db, client.built.user, { providerPaymentId: `pi_test_${(payments += 1)}` });
/** The calendar day `days` from today (UTC), as YYYY-MM-DD: proposals must lie within the next year. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The next second Sunday of March (when America/Chicago skips 02:00–03:00), within the next year. */
function nextSpringForward(): string {
  const secondSunday = (year: number) => {
    const first = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    return `${year}-03-${String(1 + ((7 - first) % 7) + 7).padStart(2, '0')}`;
  };
  const year = new Date().getUTCFullYear();
  return secondSunday(year) > daysAhead(1) ? secondSunday(year) : secondSunday(year + 1);
}
// Phoenix and Tokyo keep one offset all year (UTC−7, UTC+9), so the expected instants hold on any date.
const day = daysAhead(30);
const nextDay = daysAhead(31);
const proposal = { date: day, time: '14:30', timeZone: 'America/Phoenix', durationMinutes: 60 };

describe('proposing a time', () => {
  it('401 anonymous, 403 client, 404 unknown; nothing stored', async () => {
    const ticket = await paidTicket();
    const path = `/api/admin/service-requests/${ticket.id}/consultation`;
    expect((await t.request().post(path).send(proposal)).status).toBe(401);
    expect((await client.agent.post(path).send(proposal)).status).toBe(403);
    const unknown = await staff.agent
      .post('/api/admin/service-requests/00000000-0000-4000-8000-000000000000/consultation')
      .send(proposal);
    expect(unknown.status).toBe(404);
    expect(await t.db('consultation_proposals').where({ ticketId: ticket.id })).toEqual([]);
  });

  it.each([
    [{ ...proposal, date: '2027-02-30' }, /^date: date is not a real date/],
    [{ ...proposal, date: '2027-13-01' }, /^date: date is not a real date/],
    [{ ...proposal, date: '0000-01-01' }, /^date: date must be between 1900-01-01 and 9999-12-31/],
    [{ ...proposal, date: '10000-01-01' }, /^date: date must be a date \(YYYY-MM-DD\)/],
    [{ ...proposal, date: '9999-12-31' }, /^date: propose a time within the next 365 days/],
    [{ ...proposal, date: '9999-12-31', time: '23:59', timeZone: 'America/Chicago' }, /^date: propose a time within/],
    [{ ...proposal, date: daysAhead(367) }, /^date: propose a time within the next 365 days/],
    [{ ...proposal, time: '25:00' }, /^time: /],
    [{ ...proposal, timeZone: 'Mars/Olympus' }, /^timeZone: /],
    [{ ...proposal, durationMinutes: 61 }, /^durationMinutes: /],
    [{ ...proposal, date: '2020-01-01' }, /^date: the proposed time has already passed/],
    [
      { ...proposal, date: nextSpringForward(), time: '02:30', timeZone: 'America/Chicago' },
      new RegExp(`^time: 02:30 does not exist on ${nextSpringForward()} in America/Chicago`),
    ],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const ticket = await paidTicket();
    const res = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/consultation`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await t.db('consultation_proposals').where({ ticketId: ticket.id })).toEqual([]);
    expect(await t.db('ticket_events').where({ ticketId: ticket.id })).toEqual([]);
    expect((await outboxRows(t.db)).filter((m) => m.idempotencyKey.includes(ticket.id))).toEqual([]);
  });

  it('only for a paid consultation (409)', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const res = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/consultation`).send(proposal);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Only a paid consultation can be scheduled' });
  });

  it('stores the instant in UTC with its zone, tells the client by email, and a new time replaces the old', async () => {
    const ticket = await paidTicket();
    const res = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/consultation`).send(proposal);
    expect(res.status).toBe(201);
    expect(res.body.request.paid).toBe(true);
    expect(res.body.consultation).toMatchObject({
      startsAt: `${day}T21:30:00.000Z`,
      endsAt: `${day}T22:30:00.000Z`,
      timeZone: 'America/Phoenix',
      durationMinutes: 60,
      status: 'proposed',
    });
    const mails = (await outboxRows(t.db, 'consultation-proposed:')).filter((m) =>
      m.idempotencyKey.includes(ticket.id),
    );
    expect(mails.map((m) => m.recipient)).toEqual(['ada@example.com']);

    const later = await staff.agent
      .post(`/api/admin/service-requests/${ticket.id}/consultation`)
      .send({ ...proposal, date: nextDay, timeZone: 'Asia/Tokyo', durationMinutes: 90 });
    expect(later.body.consultation).toMatchObject({ startsAt: `${nextDay}T05:30:00.000Z`, durationMinutes: 90 });
    const rows = await t.db('consultation_proposals').where({ ticketId: ticket.id }).orderBy('createdAt');
    expect(rows.map((r) => r.status)).toEqual(['withdrawn', 'proposed']);
  });
});

describe('confirming and the calendar file', () => {
  it('the client confirms (staff 403, another client 404), both are mailed, the .ics says the right time', async () => {
    const ticket = await paidTicket();
    const confirm = `/api/service-requests/${ticket.id}/consultation/confirm`;
    expect((await client.agent.post(confirm)).status).toBe(409); // nothing proposed yet
    await staff.agent.post(`/api/admin/service-requests/${ticket.id}/consultation`).send(proposal);
    expect((await t.request().post(confirm)).status).toBe(401);
    expect((await staff.agent.post(confirm)).status).toBe(403);
    expect((await otherClient.agent.post(confirm)).status).toBe(404);

    const res = await client.agent.post(confirm);
    expect(res.status).toBe(200);
    expect(res.body.consultation).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String) });
    expect(res.body.events.map((e: { kind: string }) => e.kind)).toEqual([
      'consultation_proposed',
      'consultation_confirmed',
    ]);
    const again = await client.agent.post(confirm);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This time is already confirmed' });

    const proposalId = res.body.consultation.id;
    const mails = await outboxRows(t.db, 'consultation-confirmed:');
    expect(mails.filter((m) => m.idempotencyKey.endsWith(proposalId)).map((m) => m.recipient)).toEqual([
      'ada@example.com',
    ]);
    const staffMails = await outboxRows(t.db, `staff-consultation-confirmed:${proposalId}`);
    expect(staffMails.map((m) => m.recipient)).toEqual(['desk@example.com']);
    // Both mails carry the calendar file.
    const mailIds = [...mails.filter((m) => m.idempotencyKey.endsWith(proposalId)), ...staffMails].map((m) => m.id);
    const files = await t.db('mail_attachments').whereIn('mailId', mailIds);
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatchObject({
        filename: 'consultation.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      });
      expect(file.content.toString('utf8')).toContain(`DTSTART:${day.replace(/-/g, '')}T213000Z\r\n`);
    }

    const path = `/api/service-requests/${ticket.id}/consultation.ics`;
    expect((await t.request().get(path)).status).toBe(401);
    expect((await otherClient.agent.get(path)).status).toBe(404);
    const ics = await client.agent
      .get(path)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe('attachment; filename="consultation.ics"');
    const lines = (ics.body as string).split('\r\n');
    expect(lines).toContain(`DTSTART:${day.replace(/-/g, '')}T213000Z`);
    expect(lines).toContain(`DTEND:${day.replace(/-/g, '')}T223000Z`);
    expect(lines).toContain(`UID:consultation-${ticket.id}@northstar-it`);
    expect((await staff.agent.get(path)).status).toBe(200);
  });

  it('no calendar file before a time is proposed (404)', async () => {
    const ticket = await paidTicket();
    const res = await client.agent.get(`/api/service-requests/${ticket.id}/consultation.ics`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No consultation time has been proposed' });
  });
});

describe('the one-click link in the proposal email', () => {
  const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

  /** Proposes `body` on a new paid ticket; the token is read from the queued mail (kept: no SMTP in tests). */
  async function proposed(body = proposal) {
    const ticket = await paidTicket();
    const res = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/consultation`).send(body);
    expect(res.status).toBe(201);
    return { ticket, token: await latestToken(ticket.id), proposalId: res.body.consultation.id as string };
  }

  async function latestToken(ticketId: string): Promise<string> {
    const [mail] = (await outboxRows(t.db, `consultation-proposed:${ticketId}`)).slice(-1);
    return (mail!.data as { confirmToken: string }).confirmToken;
  }

  /** The ticket's proposals, timeline and mails: what a refused call must leave as it was. */
  async function state(ticketId: string) {
    return {
      proposals: await t.db('consultation_proposals').where({ ticketId: ticketId }).orderBy('createdAt'),
      events: await t.db('ticket_events').where({ ticketId: ticketId }).count({ n: '*' }),
      mails: (await outboxRows(t.db)).length,
    };
  }

  it('mails a link with a token of which only the hash is stored; the link page reads the time logged out', async () => {
    const { ticket, token, proposalId } = await proposed();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.db('consultation_proposals').where({ id: proposalId }).first();
    expect(row.confirmTokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // Until the time itself or 14 days, whichever comes first.
    expect(new Date(row.confirmTokenExpiresAt).getTime()).toBeGreaterThan(Date.now() + 13.9 * 24 * 3600_000);
    expect(new Date(row.confirmTokenExpiresAt).getTime()).toBeLessThan(Date.now() + 14.1 * 24 * 3600_000);

    const before = await state(ticket.id);
    const look = await t.request().post('/api/consultation-link').send({ token });
    expect(look.status).toBe(200);
    expect(look.body).toEqual({
      name: 'Ada',
      consultation: expect.objectContaining({
        startsAt: `${day}T21:30:00.000Z`,
        timeZone: 'America/Phoenix',
        durationMinutes: 60,
        status: 'proposed',
      }),
    });
    // Reading it (as the page does, or a scanner running it) changes nothing.
    expect(await state(ticket.id)).toEqual(before);
  });

  it('a time soon: the link works until the time itself', async () => {
    const soon = new Date(Date.now() + 3 * 24 * 3600_000);
    const date = soon.toISOString().slice(0, 10);
    const { proposalId } = await proposed({ ...proposal, date, time: '12:00', timeZone: 'UTC' });
    const row = await t.db('consultation_proposals').where({ id: proposalId }).first();
    expect(new Date(row.confirmTokenExpiresAt).toISOString()).toBe(`${date}T12:00:00.000Z`);
  });

  it('confirms in one click without logging in: both sides mailed the calendar file, the client recorded', async () => {
    const { ticket, token, proposalId } = await proposed();
    const res = await t.request().post('/api/consultation-link/confirm').send({ token });
    expect(res.status).toBe(200);
    expect(res.body.consultation).toMatchObject({
      id: proposalId,
      status: 'confirmed',
      confirmedAt: expect.any(String),
    });

    const thread = await client.agent.get(`/api/service-requests/${ticket.id}`);
    expect(thread.body.consultation.status).toBe('confirmed');
    expect(thread.body.events.at(-1)).toMatchObject({
      kind: 'consultation_confirmed',
      author: { type: 'client', name: 'Ada' },
    });
    const mails = [
      ...(await outboxRows(t.db, `consultation-confirmed:${proposalId}`)),
      ...(await outboxRows(t.db, `staff-consultation-confirmed:${proposalId}`)),
    ];
    expect(mails.map((m) => m.recipient).sort()).toEqual(['ada@example.com', 'desk@example.com']);
    const files = await t.db('mail_attachments').whereIn(
      'mailId',
      mails.map((m) => m.id),
    );
    expect(files.map((f) => f.filename)).toEqual(['consultation.ics', 'consultation.ics']);

    // Used: a second click (or the portal's button) confirms nothing more.
    const before = await state(ticket.id);
    for (const path of ['/api/consultation-link', '/api/consultation-link/confirm']) {
      const again = await t.request().post(path).send({ token });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'This time is already confirmed' });
    }
    expect(await state(ticket.id)).toEqual(before);
  });

  it.each([
    [{}, 400, /^token: /],
    [{ token: 'short' }, 400, /^token: token is not a confirmation link token/],
    [{ token: 'a'.repeat(43), extra: 1 }, 400, /extra/],
    [{ token: 'A'.repeat(43) }, 404, /^This confirmation link is not valid/],
  ])('refuses %j with %i, changing nothing', async (body, status, message) => {
    const { ticket } = await proposed();
    const before = await state(ticket.id);
    for (const path of ['/api/consultation-link', '/api/consultation-link/confirm']) {
      const res = await t.request().post(path).send(body);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await state(ticket.id)).toEqual(before);
  });

  it('an expired link: 410, nothing changes', async () => {
    const { ticket, token, proposalId } = await proposed();
    await t.db('consultation_proposals').where({ id: proposalId }).update({ confirmTokenExpiresAt: new Date() });
    const before = await state(ticket.id);
    for (const path of ['/api/consultation-link', '/api/consultation-link/confirm']) {
      const res = await t.request().post(path).send({ token });
      expect(res.status).toBe(410);
      expect(res.body.message).toMatch(/^This confirmation link has expired/);
    }
    expect(await state(ticket.id)).toEqual(before);
  });

  it("a replaced time's link: 410; the newer mail's link confirms the newer time", async () => {
    const { ticket, token: old } = await proposed();
    await staff.agent
      .post(`/api/admin/service-requests/${ticket.id}/consultation`)
      .send({ ...proposal, date: nextDay });
    const fresh = await latestToken(ticket.id);
    expect(fresh).not.toBe(old);
    const before = await state(ticket.id);
    const res = await t.request().post('/api/consultation-link/confirm').send({ token: old });
    expect(res.status).toBe(410);
    expect(res.body.message).toMatch(/^A newer time was proposed/);
    expect(await state(ticket.id)).toEqual(before);

    const ok = await t.request().post('/api/consultation-link/confirm').send({ token: fresh });
    expect(ok.status).toBe(200);
    expect(ok.body.consultation.startsAt).toBe(`${nextDay}T21:30:00.000Z`);
  });

  it('a cancelled request: 409, nothing changes', async () => {
    const { ticket, token } = await proposed();
    await t.db('tickets').where({ id: ticket.id }).update({ status: 'cancelled' });
    const before = await state(ticket.id);
    const res = await t.request().post('/api/consultation-link/confirm').send({ token });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^This request is closed/);
    expect(await state(ticket.id)).toEqual(before);
  });

  it('two clicks at once confirm once', async () => {
    const { ticket, token } = await proposed();
    const answers = await Promise.all([
      t.request().post('/api/consultation-link/confirm').send({ token }),
      t.request().post('/api/consultation-link/confirm').send({ token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const confirmations = await t.db('ticket_events').where({ ticketId: ticket.id, kind: 'consultation_confirmed' });
    expect(confirmations).toHaveLength(1);
  });
});

describe('a time stored before proposals were bounded (year 10000 in UTC)', () => {
  it('the ticket still reads for both sides; confirming and the .ics are refused (409), nothing changes', async () => {
    const ticket = await paidTicket();
    await t.db('consultation_proposals').insert({
      ticketId: ticket.id,
      startsAt: t.db.raw(`'10000-01-01 05:59:00+00'::timestamptz`),
      timeZone: 'America/Chicago',
      durationMinutes: 60,
      proposedBy: staff.built.user.id,
      confirmTokenHash: createHash('sha256').update('absurd').digest('hex'),
      confirmTokenExpiresAt: new Date(Date.now() + 86_400_000),
    });
    for (const caller of [
      staff.agent.get(`/api/service-requests/${ticket.id}`),
      client.agent.get(`/api/service-requests/${ticket.id}`),
    ]) {
      const res = await caller;
      expect(res.status).toBe(200);
      expect(res.body.consultation).toMatchObject({ startsAt: '+010000-01-01T05:59:00.000Z', status: 'proposed' });
    }
    const ics = await client.agent.get(`/api/service-requests/${ticket.id}/consultation.ics`);
    expect(ics.status).toBe(409);
    expect(ics.body.message).toMatch(/^This consultation time is not a date a calendar can hold/);
    const confirm = await client.agent.post(`/api/service-requests/${ticket.id}/consultation/confirm`);
    expect(confirm.status).toBe(409);
    expect((await t.db('consultation_proposals').where({ ticketId: ticket.id }).first()).status).toBe('proposed');
    expect(await t.db('ticket_events').where({ ticketId: ticket.id })).toEqual([]);
    expect((await outboxRows(t.db)).filter((m) => m.idempotencyKey.includes(ticket.id))).toEqual([]);

    // Staff propose a real time, which replaces it.
    const fixed = await staff.agent.post(`/api/admin/service-requests/${ticket.id}/consultation`).send(proposal);
    expect(fixed.status).toBe(201);
    expect(fixed.body.consultation.startsAt).toBe(`${day}T21:30:00.000Z`);
  });
});
