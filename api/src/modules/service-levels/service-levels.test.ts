import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { addBusinessMinutes, businessMillisecondsBetween } from '@shared/business-time';
import { DEFAULT_SERVICE_LEVELS, type ServiceLevels } from '@shared/schemas/service-levels';
import type { BusinessHours } from '@shared/schemas/support';
import { roomyRateLimits } from '../../test/config';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { seededPlan } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { createLogger } from '../../logger';
import { storeMessages } from '../chat/storage/messages';
import { startConversation } from '../chat/storage/conversations';
import { createTicket } from '../tickets/tickets.service';
import { applySubscriptionSnapshot } from '../subscriptions/subscription-state';
import { refreshChatClock, refreshTicketClock } from './clocks';
import { announceDue } from './announcements';

/*
 * Service levels through the API (decision 192): the policies setting, the due times a ticket and a chat carry and
 * what moves them (priority, the client's plan, business hours, waiting on the client), what counts as a first
 * response, at risk and breached with their timeline entry, the list filter and the dashboard counts. Expected due
 * times are computed here from the rows' own instants with the business-time arithmetic (hand-checked in
 * shared/src/business-time.test.ts).
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const LEVELS = '/api/admin/settings/service-levels';
const HOURS = '/api/admin/settings/business-hours';
const MIN = 60_000;

/**
 * Open every day but the minute before midnight, in a zone where midnight is hours away while this file runs: the
 * clocks run as the wall clock does whenever the tests run.
 */
const awayFromMidnight = ['UTC', 'Asia/Tokyo'].find((zone) => {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format());
  return hour >= 2 && hour <= 21;
})!;
const ALWAYS: BusinessHours = {
  timeZone: awayFromMidnight,
  weekly: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({
    day,
    opens: '00:00',
    closes: '23:59',
  })),
  holidays: [],
};

let admin: Caller;
let client: Caller;

beforeAll(async () => {
  admin = await callerOf(t, 'staff', { firstName: 'Grace' });
  client = await callerOf(t, 'client', { firstName: 'Ada' });
});

beforeEach(async () => {
  await t.db('settings').whereIn('key', ['service_levels', 'business_hours']).delete();
  await admin.agent.put(HOURS).send(ALWAYS).expect(200);
});

async function newTicket(userId: string | null = client.built.user.id): Promise<string> {
  return (await t.db.transaction((trx) =>
    createTicket(trx, {
      userId,
      name: 'Ada Client',
      email: 'ada@example.com',
      service: 'Field IT Services',
      message: 'The printer is on fire.',
    }),
  ))!;
}

const ticket = async (id: string) => (await admin.agent.get(`/api/admin/service-requests/${id}`).expect(200)).body;
const row = (id: string) => t.db('tickets').where({ id }).first();
const ms = (value: string | Date) => new Date(value).getTime();

/** Moves a ticket's start (and its pause, if any) into the past, as if made `minutes` ago, and refreshes it. */
async function age(db: Knex, id: string, minutes: number): Promise<void> {
  await db('tickets')
    .where({ id })
    .update({
      createdAt: db.raw(`created_at - make_interval(secs => ?)`, [minutes * 60]),
      slaPausedAt: db.raw(`sla_paused_at - make_interval(secs => ?)`, [minutes * 60]),
    });
  await db.transaction((trx) => refreshTicketClock(trx, id));
}

function levelsWith(normal: { firstResponseMinutes: number; resolutionMinutes: number }): ServiceLevels {
  return { ...DEFAULT_SERVICE_LEVELS, default: { ...DEFAULT_SERVICE_LEVELS.default, normal } };
}

describe('service-level policies', () => {
  it('starts from the defaults and stores a policy with a plan of its own', async () => {
    expect((await admin.agent.get(LEVELS).expect(200)).body).toEqual(DEFAULT_SERVICE_LEVELS);
    const enterprise = await seededPlan(t.db, 'Enterprise');
    const levels: ServiceLevels = {
      ...DEFAULT_SERVICE_LEVELS,
      plans: {
        [enterprise.id]: {
          ...DEFAULT_SERVICE_LEVELS.default,
          urgent: { firstResponseMinutes: 15, resolutionMinutes: 120 },
        },
      },
      chat: { firstResponseMinutes: 3 },
    };
    expect((await admin.agent.put(LEVELS).send(levels).expect(200)).body).toEqual(levels);
    expect((await admin.agent.get(LEVELS).expect(200)).body).toEqual(levels);
  });

  it.each([
    ['an unknown plan', { plans: { [randomUUID()]: DEFAULT_SERVICE_LEVELS.default } }, /not a subscription plan/],
    ['a plan key that is not an id', { plans: { Enterprise: DEFAULT_SERVICE_LEVELS.default } }, /plan id/],
    ['a missing priority', { default: { ...DEFAULT_SERVICE_LEVELS.default, urgent: undefined } }, /./],
    [
      'a resolution shorter than the first response',
      { default: { ...DEFAULT_SERVICE_LEVELS.default, low: { firstResponseMinutes: 60, resolutionMinutes: 30 } } },
      /resolutionMinutes/,
    ],
    ['zero minutes', { chat: { firstResponseMinutes: 0 } }, /at least 1/],
    ['fractions of minutes', { chat: { firstResponseMinutes: 1.5 } }, /whole number/],
    ['an unknown field', { escalate: true }, /./],
  ])('refuses %s with 400 and keeps the stored value', async (_name, change, message) => {
    const response = await admin.agent
      .put(LEVELS)
      .send({ ...DEFAULT_SERVICE_LEVELS, ...change })
      .expect(400);
    expect(response.body.message).toMatch(message);
    expect((await admin.agent.get(LEVELS).expect(200)).body).toEqual(DEFAULT_SERVICE_LEVELS);
  });
});

describe('due times', () => {
  it('gives a new ticket its due times in business minutes, in the list and on the ticket', async () => {
    await admin.agent
      .put(HOURS)
      .send({ ...ALWAYS, timeZone: 'America/Chicago' })
      .expect(200);
    // (Chicago's midnight may fall inside the clock: the expected instant is computed with it.)
    const id = await newTicket();
    const stored = await row(id);
    const hours = { ...ALWAYS, timeZone: 'America/Chicago' };
    const { normal } = DEFAULT_SERVICE_LEVELS.default;
    const body = await ticket(id);
    expect(ms(body.firstResponseDueAt)).toBe(
      addBusinessMinutes(hours, ms(stored.createdAt), normal.firstResponseMinutes),
    );
    expect(ms(body.resolutionDueAt)).toBe(addBusinessMinutes(hours, ms(stored.createdAt), normal.resolutionMinutes));
    expect(body.slaState).toBe('on_track');
    expect(body.request.firstResponseDueAt).toBe(body.firstResponseDueAt);
    const list = await admin.agent.get(`/api/admin/service-requests?q=${id}`).expect(200);
    expect(list.body.requests[0]).toMatchObject({
      firstResponseDueAt: body.firstResponseDueAt,
      resolutionDueAt: body.resolutionDueAt,
      slaState: 'on_track',
    });
    // The client sees none of it.
    const own = await client.agent.get(`/api/service-requests/${id}`).expect(200);
    expect(own.body.request).toMatchObject({ firstResponseDueAt: null, resolutionDueAt: null, slaState: null });
  });

  it('follows a change of priority, of the business hours and of the client’s plan', async () => {
    const subscriber = await callerOf(t, 'client');
    const id = await newTicket(subscriber.built.user.id);
    const createdAt = ms((await row(id)).createdAt);
    const urgent = DEFAULT_SERVICE_LEVELS.default.urgent;
    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ priority: 'urgent' }).expect(200);
    expect(ms((await ticket(id)).firstResponseDueAt)).toBe(
      addBusinessMinutes(ALWAYS, createdAt, urgent.firstResponseMinutes),
    );

    // Business hours that open only on a day far from now move the due time there.
    const mondays: BusinessHours = {
      timeZone: 'UTC',
      weekly: [{ day: 'monday', opens: '09:00', closes: '10:00' }],
      holidays: [],
    };
    await admin.agent.put(HOURS).send(mondays).expect(200);
    expect(ms((await ticket(id)).firstResponseDueAt)).toBe(
      addBusinessMinutes(mondays, createdAt, urgent.firstResponseMinutes),
    );
    await admin.agent.put(HOURS).send(ALWAYS).expect(200);

    // The client subscribes to a plan with its own policy: their ticket follows it, another's does not.
    const enterprise = await seededPlan(t.db, 'Enterprise');
    const planPolicy = {
      ...DEFAULT_SERVICE_LEVELS.default,
      urgent: { firstResponseMinutes: 7, resolutionMinutes: 70 },
    };
    await admin.agent
      .put(LEVELS)
      .send({ ...DEFAULT_SERVICE_LEVELS, plans: { [enterprise.id]: planPolicy } })
      .expect(200);
    const other = await callerOf(t, 'client');
    const othersTicket = await newTicket(other.built.user.id);
    await admin.agent.patch(`/api/admin/service-requests/${othersTicket}`).send({ priority: 'urgent' }).expect(200);
    await t.db.transaction((trx) =>
      applySubscriptionSnapshot(
        trx,
        {
          userId: subscriber.built.user.id,
          provider: 'demo',
          providerSubscriptionId: `demo_sub_${randomUUID()}`,
          planId: enterprise.id,
          providerPriceId: null,
          status: 'active',
          currentPeriodStart: new Date(),
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
          cancelAtPeriodEnd: false,
          cancelAt: null,
          canceledAt: null,
          endedAt: null,
          latestInvoiceId: null,
          providerCreatedAt: new Date(),
        },
        createLogger('silent'),
      ),
    );
    expect(ms((await ticket(id)).firstResponseDueAt)).toBe(addBusinessMinutes(ALWAYS, createdAt, 7));
    expect(ms((await ticket(id)).resolutionDueAt)).toBe(addBusinessMinutes(ALWAYS, createdAt, 70));
    const othersCreatedAt = ms((await row(othersTicket)).createdAt);
    expect(ms((await ticket(othersTicket)).firstResponseDueAt)).toBe(
      addBusinessMinutes(ALWAYS, othersCreatedAt, urgent.firstResponseMinutes),
    );
  });

  it('pauses while the ticket waits on the client and moves the due time out by the paused business time', async () => {
    const id = await newTicket();
    const target = DEFAULT_SERVICE_LEVELS.default.normal.resolutionMinutes;
    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ status: 'waiting_on_client' }).expect(200);
    const paused = await ticket(id);
    expect(paused.slaPaused).toBe(true);
    // Forty minutes of waiting, then the client answers: the clocks run again.
    await age(t.db, id, 40);
    const before = await row(id);
    expect(before.slaNextBreachAt).toBeNull();
    await client.agent.post(`/api/service-requests/${id}/replies`).send({ message: 'Here is the photo.' }).expect(201);
    const after = await row(id);
    expect(after.status).toBe('in_progress');
    expect(after.slaPausedAt).toBeNull();
    const pausedMs = Number(after.slaPausedMs);
    // At least the forty minutes (less only the closed minute before midnight), plus the moments of the test itself.
    const wanted = businessMillisecondsBetween(ALWAYS, ms(before.slaPausedAt), ms(before.slaPausedAt) + 40 * MIN);
    expect(pausedMs).toBeGreaterThanOrEqual(wanted);
    expect(pausedMs).toBeLessThan(wanted + MIN);
    expect(ms(after.resolutionDueAt)).toBe(addBusinessMinutes(ALWAYS, ms(after.createdAt), target + pausedMs / MIN));
    expect(after.slaState).toBe('on_track');
  });

  it('counts only a staff member’s public reply as the first response, and completing resolves', async () => {
    const id = await newTicket();
    await admin.agent
      .post(`/api/service-requests/${id}/replies`)
      .send({ message: 'Looking', internal: true })
      .expect(201);
    await client.agent.post(`/api/service-requests/${id}/replies`).send({ message: 'Any news?' }).expect(201);
    expect((await ticket(id)).firstResponseAt).toBeNull();
    await admin.agent.post(`/api/service-requests/${id}/replies`).send({ message: 'On our way.' }).expect(201);
    const first = (await ticket(id)).firstResponseAt;
    expect(first).not.toBeNull();
    await admin.agent.post(`/api/service-requests/${id}/replies`).send({ message: 'Arrived.' }).expect(201);
    expect((await ticket(id)).firstResponseAt).toBe(first);

    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ status: 'completed' }).expect(200);
    const done = await ticket(id);
    expect(done.resolvedAt).not.toBeNull();
    expect(done.slaState).toBe('met');
    // Reopened: no longer resolved, the clock runs again.
    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ status: 'in_progress' }).expect(200);
    const reopened = await ticket(id);
    expect(reopened.resolvedAt).toBeNull();
    expect(reopened.slaState).toBe('on_track');
    expect(reopened.firstResponseAt).toBe(first);
  });

  it('gives a chat a first-response due time, met by a staff member’s message but not by an automatic one', async () => {
    await admin.agent
      .put(LEVELS)
      .send({ ...DEFAULT_SERVICE_LEVELS, chat: { firstResponseMinutes: 5 } })
      .expect(200);
    const conversation = await startConversation(t.db, {
      visitorId: randomUUID(),
      userId: null,
      visitorName: 'Vera Visitor',
      visitorEmail: null,
      startPage: null,
    });
    const stored = await t.db('chat_conversations').where({ id: conversation.id }).first();
    expect(ms(conversation.firstResponseDueAt!)).toBe(addBusinessMinutes(ALWAYS, ms(stored.createdAt), 5));
    expect(conversation.slaState).toBe('on_track');
    const message = (senderId: string | null, senderType: 'admin' | 'visitor', text: string) => ({
      conversationId: conversation.id,
      senderType,
      senderId,
      text,
      clientId: null,
      origin: null,
    });
    await storeMessages(t.db, [message(null, 'visitor', 'Hello?'), message(null, 'admin', 'We are away right now.')]);
    expect((await t.db('chat_conversations').where({ id: conversation.id }).first()).firstResponseAt).toBeNull();
    await storeMessages(t.db, [message(admin.built.user.id, 'admin', 'Hi, Grace here.')]);
    const answered = await t.db('chat_conversations').where({ id: conversation.id }).first();
    expect(answered.firstResponseAt).not.toBeNull();
    expect(answered.slaState).toBe('met');
  });
});

describe('at risk and breached', () => {
  it('warns at 80 %, breaches at 100 % once each, writes the breach on the timeline, filters and counts', async () => {
    // Only this test's tickets are open.
    await t.db('tickets').update({ status: 'cancelled' });
    await admin.agent
      .put(LEVELS)
      .send(levelsWith({ firstResponseMinutes: 10, resolutionMinutes: 100 }))
      .expect(200);
    const assignee = admin.built.user;
    const id = await newTicket();
    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ assigneeId: assignee.id }).expect(200);
    const quiet = await newTicket();

    await age(t.db, id, 8.5);
    expect((await ticket(id)).slaState).toBe('at_risk');
    const atRisk = await admin.agent.get('/api/admin/service-requests?sla=at_risk').expect(200);
    expect(atRisk.body.requests.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await admin.agent.get('/api/admin/dashboard').expect(200)).body).toMatchObject({
      ticketsAtRisk: 1,
      ticketsBreached: 0,
    });

    await age(t.db, id, 2);
    const breached = await ticket(id);
    expect(breached.slaState).toBe('breached');
    const entry = breached.events.find((e: { kind: string }) => e.kind === 'sla_breached');
    expect(entry).toMatchObject({ author: { type: 'system', name: 'Service levels' }, assigneeName: 'Grace' });
    expect(entry.message).toMatch(/^First response target missed: it was due .+\. Assigned to Grace\.$/);
    const list = await admin.agent.get('/api/admin/service-requests?sla=breached').expect(200);
    expect(list.body.requests.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await admin.agent.get('/api/admin/dashboard').expect(200)).body).toMatchObject({
      ticketsAtRisk: 0,
      ticketsBreached: 1,
    });
    // The client never sees the entry.
    const own = await client.agent.get(`/api/service-requests/${id}`).expect(200);
    expect(own.body.events.some((e: { kind: string }) => e.kind === 'sla_breached')).toBe(false);

    // Looking again, or refreshing, announces nothing more; a later answer does not undo the breach.
    expect(await t.db.transaction((trx) => announceDue(trx, Date.now()))).toEqual([]);
    await admin.agent.post(`/api/service-requests/${id}/replies`).send({ message: 'Sorry for the wait.' }).expect(201);
    expect((await ticket(id)).slaState).toBe('breached');
    const events = await t.db('service_level_events').where({ ticketId: id }).orderBy('createdAt');
    expect(events.map((e) => [e.kind, e.clock, e.holderName])).toEqual([
      ['at_risk', 'first_response', 'Grace'],
      ['breached', 'first_response', 'Grace'],
    ]);
    expect(ms(events[1].dueAt)).toBe(ms(breached.firstResponseDueAt));
    expect((await ticket(quiet)).slaState).toBe('on_track');
    // A completed breach leaves the dashboard but stays findable with its status.
    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ status: 'completed' }).expect(200);
    expect((await admin.agent.get('/api/admin/dashboard').expect(200)).body.ticketsBreached).toBe(0);
    const closed = await admin.agent.get('/api/admin/service-requests?sla=breached&status=completed').expect(200);
    expect(closed.body.requests.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('warns and breaches a chat nobody answered, once each, and lists and counts it', async () => {
    await admin.agent
      .put(LEVELS)
      .send({ ...DEFAULT_SERVICE_LEVELS, chat: { firstResponseMinutes: 10 } })
      .expect(200);
    await t.db('chat_conversations').update({ status: 'closed' });
    const conversation = await startConversation(t.db, {
      visitorId: randomUUID(),
      userId: null,
      visitorName: 'Wes Waiting',
      visitorEmail: null,
      startPage: null,
    });
    const ageChat = async (minutes: number) => {
      await t
        .db('chat_conversations')
        .where({ id: conversation.id })
        .update({ createdAt: t.db.raw(`created_at - make_interval(secs => ?)`, [minutes * 60]) });
      await t.db.transaction((trx) => refreshChatClock(trx, conversation.id));
    };
    const state = async () => (await t.db('chat_conversations').where({ id: conversation.id }).first()).slaState;
    await ageChat(8.5);
    expect(await state()).toBe('at_risk');
    const atRisk = await admin.agent.get('/api/chat/conversations?sla=at_risk').expect(200);
    expect(atRisk.body.map((c: { id: string }) => c.id)).toEqual([conversation.id]);
    await ageChat(2);
    expect(await state()).toBe('breached');
    expect((await admin.agent.get('/api/admin/dashboard').expect(200)).body).toMatchObject({
      chatsAtRisk: 0,
      chatsBreached: 1,
    });
    await ageChat(1);
    const events = await t
      .db('service_level_events')
      .where({ chatConversationId: conversation.id })
      .orderBy('createdAt');
    expect(events.map((e) => [e.kind, e.clock, e.holderId])).toEqual([
      ['at_risk', 'first_response', null],
      ['breached', 'first_response', null],
    ]);
  });

  it('gives staff a chat’s breach as recorded — when it was due and who held it — and the visitor none of it', async () => {
    await admin.agent
      .put(LEVELS)
      .send({ ...DEFAULT_SERVICE_LEVELS, chat: { firstResponseMinutes: 10 } })
      .expect(200);
    await t.db('chat_conversations').update({ status: 'closed' });
    const visitor = t.agent();
    const started = await visitor.post('/api/chat/conversations').send({ visitorName: 'Hal Held' }).expect(201);
    const id = started.body.id as string;
    await admin.agent
      .patch(`/api/admin/chat/conversations/${id}`)
      .send({ assigneeId: admin.built.user.id })
      .expect(200);
    const staffView = async () => (await admin.agent.get(`/api/chat/conversations/${id}`).expect(200)).body;
    expect((await staffView()).slaBreach).toBeNull();

    await t
      .db('chat_conversations')
      .where({ id })
      .update({ createdAt: t.db.raw(`created_at - make_interval(secs => ?)`, [11 * 60]) });
    await t.db.transaction((trx) => refreshChatClock(trx, id));
    const [breach] = await t.db('service_level_events').where({ chatConversationId: id, kind: 'breached' });
    expect(breach).toMatchObject({ holderId: admin.built.user.id, holderName: 'Grace' });
    const seen = await staffView();
    expect(seen.slaState).toBe('breached');
    expect(seen.slaBreach).toEqual({
      dueAt: new Date(breach.dueAt).toISOString(),
      recordedAt: expect.any(String),
      holderName: 'Grace',
    });
    expect(seen.slaBreach.dueAt).toBe(seen.firstResponseDueAt);
    expect(Math.abs(ms(seen.slaBreach.recordedAt) - ms(breach.createdAt))).toBeLessThan(1);
    expect(seen.firstResponseAt).toBeNull();
    const listed = await admin.agent.get('/api/chat/conversations?sla=breached').expect(200);
    expect(listed.body.map((c: { id: string; slaBreach: unknown }) => [c.id, c.slaBreach])).toEqual([
      [id, seen.slaBreach],
    ]);

    // The visitor's own view of the chat says nothing of its service level.
    const own = (await visitor.get(`/api/chat/conversations/${id}`).expect(200)).body;
    expect(own.id).toBe(id);
    for (const field of ['slaBreach', 'slaState', 'firstResponseDueAt', 'firstResponseAt', 'assignee', 'priority']) {
      expect(own).not.toHaveProperty(field);
    }
  });

  it('refuses an unknown sla filter with 400', async () => {
    const response = await admin.agent.get('/api/admin/service-requests?sla=late').expect(400);
    expect(response.body.message).toMatch(/sla must be one of at_risk, breached/);
  });
});
