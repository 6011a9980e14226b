import { beforeAll, describe, expect, it } from 'vitest';
import { readPageCursor } from '@shared/schemas/page-cursor';
import { callerOf, buildTicket, type Caller } from '../../test/ticket-factories';
import { buildUser } from '../../test/factories';
import { outboxRows } from '../../test/mail';
import { setupTestApp } from '../../test/test-app';
import { renderMail, mailContext } from '../mail/render-mail';
import type { MailTemplateName } from '../mail/templates';

const t = setupTestApp();

let staff: Caller;
let otherStaff: Caller;
let client: Caller;
let otherClient: Caller;

beforeAll(async () => {
  staff = await callerOf(t, 'staff', { firstName: 'Sam' });
  otherStaff = await callerOf(t, 'staff', { firstName: 'Kim' });
  client = await callerOf(t, 'client', { email: 'ada@example.com', firstName: 'Ada' });
  otherClient = await callerOf(t, 'client', { email: 'bob@example.com' });
});

const events = async (id: string) =>
  t
    .db('ticket_events')
    .where({ ticketId: id })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);

describe('who may call what', () => {
  it('GET /api/admin/service-requests: 401 anonymous, 403 client, 200 staff', async () => {
    expect((await t.request().get('/api/admin/service-requests')).status).toBe(401);
    const refused = await client.agent.get('/api/admin/service-requests');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Staff only' });
    expect((await staff.agent.get('/api/admin/service-requests')).status).toBe(200);
  });

  it('PATCH /api/admin/service-requests/:id: 401, 403 (owner too), 404 unknown; nothing changes', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const path = `/api/admin/service-requests/${ticket.id}`;
    expect((await t.request().patch(path).send({ status: 'in_progress' })).status).toBe(401);
    expect((await client.agent.patch(path).send({ status: 'in_progress' })).status).toBe(403);
    expect((await otherClient.agent.patch(path).send({ status: 'in_progress' })).status).toBe(403);
    const unknown = await staff.agent
      .patch('/api/admin/service-requests/00000000-0000-4000-8000-000000000000')
      .send({ status: 'in_progress' });
    expect(unknown.status).toBe(404);
    expect(
      (await staff.agent.patch('/api/admin/service-requests/not-an-id').send({ status: 'in_progress' })).status,
    ).toBe(404);
    expect((await t.db('tickets').where({ id: ticket.id }).first()).status).toBe('pending');
    expect(await events(ticket.id)).toEqual([]);
  });

  it('GET /api/service-requests/:id: 401 anonymous, 404 another client, 200 owner and staff', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const path = `/api/service-requests/${ticket.id}`;
    expect((await t.request().get(path)).status).toBe(401);
    const other = await otherClient.agent.get(path);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Service request not found' });
    expect((await client.agent.get(path)).status).toBe(200);
    expect((await staff.agent.get(path)).status).toBe(200);
  });

  it('POST /api/service-requests/:id/replies: 401 anonymous, 404 another client; nothing recorded', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const path = `/api/service-requests/${ticket.id}/replies`;
    expect((await t.request().post(path).send({ message: 'hi' })).status).toBe(401);
    expect((await otherClient.agent.post(path).send({ message: 'hi' })).status).toBe(404);
    expect(await events(ticket.id)).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    [{ status: 'done' }, /^status: status must be one of pending, in_progress/],
    [{}, /^status: Nothing to change/],
    [{ assigneeId: 'x' }, /^assigneeId: /],
    [{ status: 'in_progress', extra: 1 }, /extra/],
  ])('PATCH %j → 400 naming the field', async (body, message) => {
    const ticket = await buildTicket(t.db, client.built.user);
    const res = await staff.agent.patch(`/api/admin/service-requests/${ticket.id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await events(ticket.id)).toEqual([]);
  });

  it('refuses assigning to a client (400) and empty or oversized replies (400)', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const assign = await staff.agent
      .patch(`/api/admin/service-requests/${ticket.id}`)
      .send({ assigneeId: client.built.user.id });
    expect(assign.status).toBe(400);
    expect(assign.body).toEqual({ message: 'assigneeId: not a staff member who works on service requests' });
    // Staff whose role does not work on requests cannot be given one either (decision 167).
    const packer = await buildUser(t.db, { accountType: 'staff', staffRole: 'fulfilment' });
    const toPacker = await staff.agent
      .patch(`/api/admin/service-requests/${ticket.id}`)
      .send({ assigneeId: packer.user.id });
    expect(toPacker.status).toBe(400);
    expect(
      (await staff.agent.get('/api/admin/staff-members')).body.some((p: { id: string }) => p.id === packer.user.id),
    ).toBe(false);
    const empty = await client.agent.post(`/api/service-requests/${ticket.id}/replies`).send({ message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^message: Message is required/);
    const long = await client.agent
      .post(`/api/service-requests/${ticket.id}/replies`)
      .send({ message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^message: Message must be at most 5000 characters/);
    expect(await events(ticket.id)).toEqual([]);
  });

  it.each([
    ['status=open', /^status: /],
    ['limit=0', /^limit: /],
    ['cursor=abc', /^cursor: Invalid cursor/],
    ['assigneeId=me', /^assigneeId: /],
    ['clientId=1', /^clientId: /],
    ['nope=1', /nope/],
  ])('GET /api/admin/service-requests?%s → 400', async (query, message) => {
    const res = await staff.agent.get(`/api/admin/service-requests?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('status changes', () => {
  it('walks pending → in progress → waiting on client → completed, each recorded with who', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const path = `/api/admin/service-requests/${ticket.id}`;
    for (const status of ['in_progress', 'waiting_on_client', 'completed']) {
      const res = await staff.agent.patch(path).send({ status });
      expect(res.status).toBe(200);
      expect(res.body.request.status).toBe(status);
    }
    const recorded = await events(ticket.id);
    expect(recorded.map((e) => [e.kind, e.fromStatus, e.toStatus, e.actorName, e.actorId])).toEqual([
      ['status', 'pending', 'in_progress', 'Sam', staff.built.user.id],
      ['status', 'in_progress', 'waiting_on_client', 'Sam', staff.built.user.id],
      ['status', 'waiting_on_client', 'completed', 'Sam', staff.built.user.id],
    ]);
  });

  it('refuses an illegal change with 409 and the reason, changing nothing', async () => {
    const ticket = await buildTicket(t.db, client.built.user, { status: 'cancelled' });
    const res = await staff.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ status: 'in_progress' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'The request was cancelled; it cannot change any more' });
    const same = await buildTicket(t.db, client.built.user);
    const again = await staff.agent.patch(`/api/admin/service-requests/${same.id}`).send({ status: 'pending' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'The request is already pending' });
    expect(await events(ticket.id)).toEqual([]);
    expect(await events(same.id)).toEqual([]);
  });

  it('a refused status change in the same call undoes the assignment too', async () => {
    const ticket = await buildTicket(t.db, client.built.user, { status: 'cancelled' });
    const res = await staff.agent
      .patch(`/api/admin/service-requests/${ticket.id}`)
      .send({ status: 'pending', assigneeId: otherStaff.built.user.id });
    expect(res.status).toBe(409);
    expect((await t.db('tickets').where({ id: ticket.id }).first()).assigneeId).toBeNull();
    expect(await events(ticket.id)).toEqual([]);
  });

  it('never shows a client who the ticket is assigned to (assignment is staff-only)', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    await staff.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ assigneeId: otherStaff.built.user.id });
    const seen = await client.agent.get(`/api/service-requests/${ticket.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.request.assignee).toBeNull();
    expect(JSON.stringify(seen.body)).not.toContain(otherStaff.built.user.id);
    expect(seen.body.events.map((e: { kind: string }) => e.kind)).not.toContain('assignment');
    const staffView = await staff.agent.get(`/api/service-requests/${ticket.id}`);
    expect(staffView.body.request.assignee).toEqual({ id: otherStaff.built.user.id, name: 'Kim' });
  });

  it('assigns and unassigns, recorded with the assignee', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const path = `/api/admin/service-requests/${ticket.id}`;
    const assigned = await staff.agent.patch(path).send({ assigneeId: otherStaff.built.user.id });
    expect(assigned.body.request.assignee).toEqual({ id: otherStaff.built.user.id, name: 'Kim' });
    const unassigned = await staff.agent.patch(path).send({ assigneeId: null });
    expect(unassigned.body.request.assignee).toBeNull();
    expect((await events(ticket.id)).map((e) => [e.kind, e.assigneeName])).toEqual([
      ['assignment', 'Kim'],
      ['assignment', null],
    ]);
  });

  it('two staff changing one ticket at once: both applied in turn, both recorded, state consistent', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ticket = await buildTicket(t.db, client.built.user);
      const path = `/api/admin/service-requests/${ticket.id}`;
      const [a, b] = await Promise.all([
        staff.agent.patch(path).send({ status: 'in_progress' }),
        otherStaff.agent.patch(path).send({ status: 'waiting_on_client', assigneeId: otherStaff.built.user.id }),
      ]);
      // Both transitions are legal from pending and from each other's result.
      expect([a.status, b.status]).toEqual([200, 200]);
      const row = await t.db('tickets').where({ id: ticket.id }).first();
      const recorded = await events(ticket.id);
      const statusChanges = recorded.filter((e) => e.kind === 'status');
      expect(statusChanges).toHaveLength(2);
      // The changes chain: each starts where the previous one ended, and the row holds the last.
      expect(statusChanges[0].fromStatus).toBe('pending');
      expect(statusChanges[1].fromStatus).toBe(statusChanges[0].toStatus);
      expect(row.status).toBe(statusChanges[1].toStatus);
      expect(row.assigneeId).toBe(otherStaff.built.user.id);
      expect(recorded.filter((e) => e.kind === 'assignment')).toHaveLength(1);
    }
  });

  it('two staff making the same change at once: one applies, the other is told (409)', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const path = `/api/admin/service-requests/${ticket.id}`;
    const answers = await Promise.all([
      staff.agent.patch(path).send({ status: 'completed' }),
      otherStaff.agent.patch(path).send({ status: 'completed' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await events(ticket.id)).filter((e) => e.kind === 'status')).toHaveLength(1);
  });
});

describe('replies and internal notes', () => {
  it('internal notes never reach the client: not in their thread, not in any mail to them', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const replies = `/api/service-requests/${ticket.id}/replies`;
    const reply = await staff.agent.post(replies).send({ message: 'We will come <b>Monday</b>.' });
    expect(reply.status).toBe(201);
    expect(reply.body.event).toMatchObject({ kind: 'reply', author: { type: 'staff', name: 'Sam' } });
    const note = await staff.agent.post(replies).send({ message: 'SECRET: client owes us money', internal: true });
    expect(note.status).toBe(201);
    expect(note.body.event.kind).toBe('note');

    const asClient = await client.agent.get(`/api/service-requests/${ticket.id}`);
    expect(asClient.body.events.map((e: { kind: string }) => e.kind)).toEqual(['reply']);
    expect(JSON.stringify(asClient.body)).not.toContain('SECRET');
    expect(asClient.body.allowedStatuses).toEqual([]);

    const asStaff = await staff.agent.get(`/api/service-requests/${ticket.id}`);
    expect(asStaff.body.events.map((e: { kind: string }) => e.kind)).toEqual(['reply', 'note']);

    // The public reply is mailed to the client, with a link back; the note is mailed to nobody.
    const mails = await outboxRows(t.db, 'service-request-reply:');
    const mine = mails.filter((m) => m.idempotencyKey.endsWith(reply.body.event.id));
    expect(mine.map((m) => m.recipient)).toEqual(['ada@example.com']);
    expect(mails.some((m) => m.idempotencyKey.endsWith(note.body.event.id))).toBe(false);
    const all = await outboxRows(t.db);
    expect(all.filter((m) => JSON.stringify(m.data).includes('SECRET'))).toEqual([]);
    const rendered = await renderMail(
      mine[0]!.template as MailTemplateName,
      mine[0]!.data as never,
      mailContext('https://www.example.com'),
    );
    expect(rendered.text).toContain('We will come <b>Monday</b>.');
    expect(rendered.html).not.toContain('<b>Monday</b>');
    expect(rendered.text).toContain(`https://www.example.com/portal/request?id=${ticket.id}`);
  });

  it('a client may not write an internal note (403), and nothing is recorded', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const res = await client.agent
      .post(`/api/service-requests/${ticket.id}/replies`)
      .send({ message: 'psst', internal: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Internal notes are for staff only' });
    expect(await events(ticket.id)).toEqual([]);
  });

  it('a client reply reopens a ticket waiting on them (recorded as theirs); other statuses stay', async () => {
    const ticket = await buildTicket(t.db, client.built.user, { status: 'waiting_on_client' });
    const res = await client.agent
      .post(`/api/service-requests/${ticket.id}/replies`)
      .send({ message: 'Done, try now' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('in_progress');
    expect((await t.db('tickets').where({ id: ticket.id }).first()).status).toBe('in_progress');
    expect((await events(ticket.id)).map((e) => [e.kind, e.actorType, e.fromStatus, e.toStatus])).toEqual([
      ['reply', 'client', null, null],
      ['status', 'client', 'waiting_on_client', 'in_progress'],
    ]);
    // No mail to the client for their own reply.
    expect(
      (await outboxRows(t.db, 'service-request-reply:')).filter((m) => m.idempotencyKey.includes(res.body.event.id)),
    ).toEqual([]);

    const pending = await buildTicket(t.db, client.built.user);
    const again = await client.agent.post(`/api/service-requests/${pending.id}/replies`).send({ message: 'Any news?' });
    expect(again.body.status).toBe('pending');
  });

  it('a client cannot reply on a cancelled request (409)', async () => {
    const ticket = await buildTicket(t.db, client.built.user, { status: 'cancelled' });
    const res = await client.agent.post(`/api/service-requests/${ticket.id}/replies`).send({ message: 'Hello?' });
    expect(res.status).toBe(409);
    expect(await events(ticket.id)).toEqual([]);
  });
});

describe('GET /api/admin/service-requests', () => {
  it('filters by status, service, assignee and client, searches, and pages with a keyset cursor', async () => {
    const lister = await callerOf(t, 'client', { email: 'zed.lister@example.com', firstName: 'Zed' });
    const mine = [];
    for (let i = 0; i < 7; i += 1) {
      mine.push(
        await buildTicket(t.db, lister.built.user, {
          service: i % 2 === 0 ? 'Low Voltage Cabling' : 'Cloud & Virtualization',
          message: `Quokka issue number ${i}`,
        }),
      );
    }
    await staff.agent
      .patch(`/api/admin/service-requests/${mine[0]!.id}`)
      .send({ assigneeId: otherStaff.built.user.id });
    await staff.agent.patch(`/api/admin/service-requests/${mine[1]!.id}`).send({ status: 'in_progress' });

    const byClient = await staff.agent.get(`/api/admin/service-requests?clientId=${lister.built.user.id}&limit=3`);
    expect(byClient.body.requests).toHaveLength(3);
    expect(byClient.body.nextCursor).toEqual(expect.any(String));
    const seen = [...byClient.body.requests];
    let cursor = byClient.body.nextCursor;
    while (cursor) {
      const next = await staff.agent.get(
        `/api/admin/service-requests?clientId=${lister.built.user.id}&limit=3&cursor=${encodeURIComponent(cursor)}`,
      );
      seen.push(...next.body.requests);
      cursor = next.body.nextCursor;
    }
    expect(seen.map((r) => r.id)).toEqual([...mine].reverse().map((r) => r.id));

    // One cursor format with the orders and customers lists (decision 164); a plain cursor from before still reads on.
    expect(byClient.body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readPageCursor(byClient.body.nextCursor)).toMatchObject({ direction: 'older' });
    const last = byClient.body.requests.at(-1);
    const micros = await t.db.raw<{ rows: { m: string }[] }>(
      `select (extract(epoch from created_at) * 1000000)::bigint::text as m from tickets where id = ?`,
      [last.id],
    );
    const old = await staff.agent.get(
      `/api/admin/service-requests?clientId=${lister.built.user.id}&limit=3&cursor=${micros.rows[0]!.m}.${last.id}`,
    );
    expect(old.status).toBe(200);
    expect(old.body.requests.map((r: { id: string }) => r.id)).toEqual(seen.slice(3, 6).map((r) => r.id));

    const cabling = await staff.agent.get(
      `/api/admin/service-requests?clientId=${lister.built.user.id}&service=${encodeURIComponent('Low Voltage Cabling')}`,
    );
    expect(cabling.body.requests).toHaveLength(4);
    const assigned = await staff.agent.get(`/api/admin/service-requests?assigneeId=${otherStaff.built.user.id}`);
    expect(assigned.body.requests.map((r: { id: string }) => r.id)).toContain(mine[0]!.id);
    expect(
      assigned.body.requests.every((r: { assignee: { id: string } }) => r.assignee.id === otherStaff.built.user.id),
    ).toBe(true);
    const inProgress = await staff.agent.get(
      `/api/admin/service-requests?status=in_progress&clientId=${lister.built.user.id}`,
    );
    expect(inProgress.body.requests.map((r: { id: string }) => r.id)).toEqual([mine[1]!.id]);
    const searched = await staff.agent.get('/api/admin/service-requests?q=quokka%20numb');
    expect(searched.body.requests).toHaveLength(7);
    const byEmail = await staff.agent.get('/api/admin/service-requests?q=zed.lister@example.com');
    expect(byEmail.body.requests).toHaveLength(7);
    const none = await staff.agent.get(`/api/admin/service-requests?q=${encodeURIComponent("'):* | !x")}`);
    expect(none.status).toBe(200);
    expect(byClient.body.requests[0]).toEqual({
      id: mine[6]!.id,
      number: expect.stringMatching(/^T-\d+$/),
      name: 'Zed',
      email: 'zed.lister@example.com',
      company: null,
      service: 'Low Voltage Cabling',
      status: 'pending',
      paid: false,
      priority: 'normal',
      assignee: null,
      clientId: lister.built.user.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // Made straight in the table: its clocks start with the next sweep (decision 192).
      firstResponseAt: null,
      firstResponseDueAt: null,
      resolvedAt: null,
      resolutionDueAt: null,
      slaState: null,
      slaPaused: false,
    });
  });

  it('lists staff members to assign to (staff only)', async () => {
    expect((await client.agent.get('/api/admin/staff-members')).status).toBe(403);
    const res = await staff.agent.get('/api/admin/staff-members');
    expect(res.body).toEqual(expect.arrayContaining([{ id: otherStaff.built.user.id, name: 'Kim' }]));
    expect(res.body.some((p: { id: string }) => p.id === client.built.user.id)).toBe(false);
  });
});
