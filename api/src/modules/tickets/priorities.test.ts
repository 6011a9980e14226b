import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_PRIORITIES } from '@shared/schemas/assignment';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { buildTicket, callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';
import { onChatPriorityChanged } from '../chat/storage/conversation-changes';
import { createTicket } from './tickets.service';
import { onTicketPriorityChanged } from './ticket-priority';

/*
 * Priorities (issue 26, decision 186): staff set them on tickets and chats (recorded, announced to the service-level
 * hook), lists filter and sort by them, and a client's active plan sets the priority their new items start at.
 * Chats get an assignee as tickets have: only staff who answer chats, under the row lock, audited.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });

let admin: Caller;
let support: Caller;
let sales: Caller;
let client: Caller;

async function staffOf(role: 'support' | 'sales') {
  const built = await buildUser(t.db, {
    accountType: 'staff',
    staffRole: role,
    firstName: role === 'support' ? 'Sue' : 'Sal',
  });
  const agent = t.agent();
  await logIn(agent, built);
  return { built, agent };
}

beforeAll(async () => {
  admin = await callerOf(t, 'staff', { firstName: 'Ada' });
  support = await staffOf('support');
  sales = await staffOf('sales');
  client = await callerOf(t, 'client', { email: 'plan-client@example.com' });
});

async function startChat(agent = t.agent(), visitorName = 'Vera'): Promise<string> {
  const started = await agent.post('/api/chat/conversations').send({ visitorName }).expect(201);
  return started.body.id as string;
}

describe('ticket priority', () => {
  it('staff set it: stored, in the timeline, announced to the hook, in list and detail; 409-free repeat', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    expect((await t.db('tickets').where({ id: ticket.id }).first()).priority).toBe('normal');
    const heard: unknown[] = [];
    const stop = onTicketPriorityChanged(async (_trx, change) => {
      heard.push(change);
    });
    try {
      const response = await support.agent
        .patch(`/api/admin/service-requests/${ticket.id}`)
        .send({ priority: 'urgent' })
        .expect(200);
      expect(response.body.request.priority).toBe('urgent');
      expect(response.body.events.at(-1)).toMatchObject({ kind: 'priority', priority: 'urgent' });
      expect(heard).toEqual([{ requestId: ticket.id, from: 'normal', to: 'urgent' }]);
      // The same priority again changes nothing and records nothing.
      await support.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ priority: 'urgent' }).expect(200);
      expect(heard).toHaveLength(1);
    } finally {
      stop();
    }
    const detail = await support.agent.get(`/api/service-requests/${ticket.id}`).expect(200);
    expect(detail.body.request.priority).toBe('urgent');
    // The client does not see the priority entry of the timeline.
    const own = await client.agent.get(`/api/service-requests/${ticket.id}`).expect(200);
    expect(own.body.events.map((event: { kind: string }) => event.kind)).not.toContain('priority');
  });

  it('a listener that throws rolls the change back', async () => {
    const ticket = await buildTicket(t.db, null);
    const stop = onTicketPriorityChanged(async () => {
      throw new Error('SLA engine down');
    });
    try {
      await support.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ priority: 'high' }).expect(500);
    } finally {
      stop();
    }
    expect((await t.db('tickets').where({ id: ticket.id }).first()).priority).toBe('normal');
  });

  it('refuses an unknown priority with 400 and changes nothing; 403 for roles without tickets', async () => {
    const ticket = await buildTicket(t.db, null);
    const refused = await support.agent
      .patch(`/api/admin/service-requests/${ticket.id}`)
      .send({ priority: 'critical' })
      .expect(400);
    expect(refused.body.message).toMatch(/priority must be one of low, normal, high, urgent/);
    await sales.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ priority: 'high' }).expect(403);
    await client.agent.patch(`/api/admin/service-requests/${ticket.id}`).send({ priority: 'high' }).expect(403);
    expect((await t.db('tickets').where({ id: ticket.id }).first()).priority).toBe('normal');
  });

  it('lists filter by priority and sort most urgent first, page by page', async () => {
    const service = `Priority sort ${Date.now()}`;
    const made: Record<string, string> = {};
    for (const priority of ['low', 'urgent', 'normal', 'high', 'urgent', 'low'] as const) {
      const ticket = await buildTicket(t.db, null, { service });
      await t.db('tickets').where({ id: ticket.id }).update({ priority });
      made[ticket.id] = priority;
    }
    const high = await support.agent
      .get('/api/admin/service-requests')
      .query({ service, priority: 'urgent' })
      .expect(200);
    expect(high.body.requests).toHaveLength(2);
    expect(high.body.requests.every((r: { priority: string }) => r.priority === 'urgent')).toBe(true);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await support.agent
        .get('/api/admin/service-requests')
        .query({ service, sort: 'priority', limit: 2, ...(cursor ? { cursor } : {}) })
        .expect(200);
      seen.push(...page.body.requests.map((r: { id: string }) => r.id));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen.map((id) => made[id])).toEqual(['urgent', 'urgent', 'high', 'normal', 'low', 'low']);

    await support.agent.get('/api/admin/service-requests').query({ sort: 'loudest' }).expect(400);
    await support.agent
      .get('/api/admin/service-requests')
      .query({ sort: 'priority', cursor: 'bm90LWEtY3Vyc29y' })
      .expect(400);
  });

  it('Mine: the caller’s own id lists their tickets', async () => {
    const ticket = await buildTicket(t.db, null, { service: 'Mine view' });
    await support.agent
      .patch(`/api/admin/service-requests/${ticket.id}`)
      .send({ assigneeId: support.built.user.id })
      .expect(200);
    const mine = await support.agent
      .get('/api/admin/service-requests')
      .query({ assigneeId: support.built.user.id })
      .expect(200);
    expect(mine.body.requests.map((r: { id: string }) => r.id)).toContain(ticket.id);
    const theirs = await admin.agent
      .get('/api/admin/service-requests')
      .query({ assigneeId: admin.built.user.id })
      .expect(200);
    expect(theirs.body.requests.map((r: { id: string }) => r.id)).not.toContain(ticket.id);
  });
});

describe('chat priority and assignee', () => {
  const path = (id: string) => `/api/admin/chat/conversations/${id}`;

  it('staff who answer chats set the priority and the assignee; audited; the hook hears the priority', async () => {
    const id = await startChat();
    const heard: unknown[] = [];
    const stop = onChatPriorityChanged(async (_trx, change) => {
      heard.push(change);
    });
    try {
      const changed = await support.agent
        .patch(path(id))
        .send({ priority: 'high', assigneeId: support.built.user.id })
        .expect(200);
      expect(changed.body).toMatchObject({
        id,
        priority: 'high',
        assignee: { id: support.built.user.id, name: expect.stringContaining('Sue') },
      });
    } finally {
      stop();
    }
    expect(heard).toEqual([{ conversationId: id, from: 'normal', to: 'high' }]);
    const audit = await t.db('audit_log').where({ recordId: id }).orderBy('id');
    expect(audit.map((row) => row.action)).toEqual(['chat.assigned', 'chat.priority_changed']);

    const again = await support.agent.patch(path(id)).send({ assigneeId: support.built.user.id }).expect(409);
    expect(again.body.message).toMatch(/already assigned to Sue/);
    await admin.agent.patch(path(id)).send({ assigneeId: null }).expect(200);
    expect((await t.db('chat_conversations').where({ id }).first()).assigneeId).toBeNull();
  });

  it('refuses assignees who may not answer chats (400), unknown chats (404), other roles (403), visitors (401)', async () => {
    const id = await startChat();
    for (const who of [sales.built.user.id, client.built.user.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await admin.agent.patch(path(id)).send({ assigneeId: who }).expect(400);
      expect(refused.body.message).toBe('assigneeId: not a staff member who answers live chats');
    }
    const deactivated = await buildUser(t.db, { accountType: 'staff', staffRole: 'support' });
    await t.db('users').where({ id: deactivated.user.id }).update({ deactivatedAt: new Date() });
    await admin.agent.patch(path(id)).send({ assigneeId: deactivated.user.id }).expect(400);
    await admin.agent.patch(path('00000000-0000-4000-8000-000000000000')).send({ priority: 'low' }).expect(404);
    await admin.agent.patch(path(id)).send({}).expect(400);
    await sales.agent.patch(path(id)).send({ priority: 'low' }).expect(403);
    await client.agent.patch(path(id)).send({ priority: 'low' }).expect(403);
    await t.agent().patch(path(id)).send({ priority: 'low' }).expect(401);
    const row = await t.db('chat_conversations').where({ id }).first();
    expect(row).toMatchObject({ priority: 'normal', assigneeId: null });
  });

  it('the list filters by assignee (someone, none), priority, status and text, and sorts by priority', async () => {
    const marker = `zq${Date.now()}`;
    const a = await startChat(t.agent(), `${marker} Alpha`);
    const b = await startChat(t.agent(), `${marker} Beta`);
    const c = await startChat(t.agent(), `${marker} Gamma`);
    await admin.agent.patch(path(a)).send({ assigneeId: support.built.user.id, priority: 'low' }).expect(200);
    await admin.agent.patch(path(b)).send({ priority: 'urgent' }).expect(200);
    await admin.agent.patch(`/api/chat/conversations/${c}/close`).expect(200);
    const ids = async (query: Record<string, string | number>) =>
      (
        await support.agent
          .get('/api/chat/conversations')
          .query({ q: marker, ...query })
          .expect(200)
      ).body.map((conversation: { id: string }) => conversation.id);
    expect(await ids({ assigneeId: support.built.user.id })).toEqual([a]);
    expect(await ids({ assigneeId: 'none', status: 'active' })).toEqual([b]);
    expect(await ids({ priority: 'urgent' })).toEqual([b]);
    expect(await ids({ status: 'closed' })).toEqual([c]);
    expect(await ids({ sort: 'priority' })).toEqual([b, c, a]);
    // Paging by priority.
    const first = await support.agent.get('/api/chat/conversations').query({ q: marker, sort: 'priority', limit: 2 });
    expect(first.headers['x-next-cursor']).toMatch(/^[0-3]\./);
    const rest = await support.agent
      .get('/api/chat/conversations')
      .query({ q: marker, sort: 'priority', limit: 2, before: first.headers['x-next-cursor'] })
      .expect(200);
    expect(rest.body.map((conversation: { id: string }) => conversation.id)).toEqual([a]);
    // A plain cursor does not continue a priority list.
    await support.agent
      .get('/api/chat/conversations')
      .query({ sort: 'priority', before: String(first.headers['x-next-cursor']).split('.').slice(1).join('.') })
      .expect(400);
    expect(await ids({ q: 'no-such-visitor-anywhere' })).toEqual([]);
  });

  it('searches message text and shows the last message as a preview; visitors never see priority or assignee', async () => {
    const visitor = t.agent();
    const id = await startChat(visitor, 'Pat');
    await t.db('chat_messages').insert({ conversationId: id, senderType: 'visitor', message: 'My printer is on fire' });
    await admin.agent.patch(path(id)).send({ priority: 'urgent', assigneeId: support.built.user.id }).expect(200);
    const found = await support.agent.get('/api/chat/conversations').query({ q: 'printer is on' }).expect(200);
    expect(found.body.map((conversation: { id: string }) => conversation.id)).toContain(id);
    const listed = found.body.find((conversation: { id: string }) => conversation.id === id);
    expect(listed.lastMessage).toEqual({ message: 'My printer is on fire', senderType: 'visitor' });
    expect(listed.unreadCount).toBe(1);
    const own = await visitor.get(`/api/chat/conversations/${id}`).expect(200);
    expect(own.body).not.toHaveProperty('priority');
    expect(own.body).not.toHaveProperty('assignee');
    const staffView = await support.agent.get(`/api/chat/conversations/${id}`).expect(200);
    expect(staffView.body).toMatchObject({ priority: 'urgent', assignee: { id: support.built.user.id } });
  });
});

describe('plan priorities setting', () => {
  const URL = '/api/admin/settings/plan-priorities';

  it('starts with Enterprise high, stores a change checked against the plans, audits it', async () => {
    await t.db('settings').where({ key: 'plan_priorities' }).delete();
    expect((await admin.agent.get(URL).expect(200)).body).toEqual(DEFAULT_PLAN_PRIORITIES);
    await admin.agent.put(URL).send({ Enterprise: 'urgent', Professional: 'high' }).expect(200);
    expect((await admin.agent.get(URL).expect(200)).body).toEqual({ Enterprise: 'urgent', Professional: 'high' });
    const unknown = await admin.agent.put(URL).send({ Platinum: 'urgent' }).expect(400);
    expect(unknown.body.message).toMatch(/not a subscription plan: Platinum/);
    await admin.agent.put(URL).send({ Enterprise: 'asap' }).expect(400);
    expect((await admin.agent.get(URL).expect(200)).body).toEqual({ Enterprise: 'urgent', Professional: 'high' });
    const audit = await t.db('audit_log').where({ action: 'setting.updated', recordId: 'plan_priorities' });
    expect(audit).toHaveLength(1);
  });

  it('is for admins only', async () => {
    await support.agent.get(URL).expect(403);
    await support.agent.put(URL).send({}).expect(403);
    await client.agent.get(URL).expect(403);
    await t.agent().get(URL).expect(401);
  });

  it('gives new tickets and chats of a client with an active plan its priority; lapsed plans do not count', async () => {
    await admin.agent.put(URL).send({ Enterprise: 'high' }).expect(200);
    const enterprise = await callerOf(t, 'client', { email: 'big@example.com' });
    await t
      .db('users')
      .where({ id: enterprise.built.user.id })
      .update({ subscriptionStatus: 'active', subscriptionPlan: 'Enterprise' });
    const chat = await startChat(enterprise.agent, 'Big Corp');
    expect((await t.db('chat_conversations').where({ id: chat }).first()).priority).toBe('high');
    const ticketId = await t.db.transaction((trx) =>
      createTicket(trx, {
        userId: enterprise.built.user.id,
        name: 'Big Corp',
        email: 'big@example.com',
        service: 'Field IT Services',
        message: 'Everything is down',
      }),
    );
    expect((await t.db('tickets').where({ id: ticketId! }).first()).priority).toBe('high');

    await t.db('users').where({ id: enterprise.built.user.id }).update({ subscriptionStatus: 'canceled' });
    const later = await startChat(enterprise.agent, 'Big Corp');
    expect((await t.db('chat_conversations').where({ id: later }).first()).priority).toBe('normal');
    const anonymous = await startChat();
    expect((await t.db('chat_conversations').where({ id: anonymous }).first()).priority).toBe('normal');
  });
});
