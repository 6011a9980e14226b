import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businessMinutesBetween } from '@shared/business-time';
import type { SupportReport } from '@shared/schemas/reports';
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from '@shared/schemas/support';
import { roomyRateLimits } from '../../test/config';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';
import { closeConversation, startConversation } from '../chat/storage/conversations';
import { storeMessages } from '../chat/storage/messages';
import { createTicket } from '../tickets/tickets.service';
import { businessClock } from './business-clock';
import { reportFactsRecount } from './facts-recount';
import { hoursKey } from './item-facts';
import { supportFigureRows, supportItemRows, type Measure, type BucketedRange } from './read-model';
import { bucketBoundsOf } from './report-range';

/*
 * Each ticket's and chat's report facts (decision 207): stored on the item when what fixes them happens — a late
 * first public reply, a resolution, a reopening, a chat's close — and counted again for every item in the background
 * when the business hours change (decision 210; facts-recount.test.ts); each checked against minutes computed here from the row's own instants with the business-time
 * arithmetic. The report reads them, and counts live (then stores) any item without the current hours' stamp.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const HOURS = '/api/admin/settings/business-hours';
const MIN = 60_000;

/** Open every day from 7:00 to 21:00 in Tokyo: other minutes than the spec's hours for the same instants. */
const TOKYO: BusinessHours = {
  timeZone: 'Asia/Tokyo',
  weekly: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({
    day,
    opens: '07:00',
    closes: '21:00',
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
  await admin.agent.put(HOURS).send(DEFAULT_BUSINESS_HOURS).expect(200);
});

async function newTicket(): Promise<string> {
  return (await t.db.transaction((trx) =>
    createTicket(trx, {
      userId: client.built.user.id,
      name: 'Ada Client',
      email: 'ada@example.com',
      service: 'Field IT Services',
      message: 'The printer is on fire.',
    }),
  ))!;
}

interface FactsRow {
  createdAt: Date;
  firstResponseAt: Date | null;
  resolvedAt?: Date | null;
  closedAt?: Date | null;
  reportFirstResponseMinutes: number | null;
  reportFirstResponseBusinessMinutes: number | null;
  reportResolutionMinutes: number | null;
  reportResolutionBusinessMinutes: number | null;
  reportFactsKey: string | null;
}

const ticketRow = async (id: string) => (await t.db('tickets').where({ id }).first()) as FactsRow;
const chatRow = async (id: string) => (await t.db('chat_conversations').where({ id }).first()) as FactsRow;

/** The row's stored facts equal the minutes computed here from its own instants in `hours`. */
function expectFactsIn(row: FactsRow, hours: BusinessHours): void {
  const created = row.createdAt.getTime();
  const answered = row.firstResponseAt?.getTime() ?? null;
  const resolved = (row.resolvedAt ?? row.closedAt)?.getTime() ?? null;
  expect(row.reportFactsKey).toBe(hoursKey(hours));
  expect(row.reportFirstResponseBusinessMinutes).toBe(
    answered === null ? null : businessMinutesBetween(hours, created, answered),
  );
  expect(row.reportResolutionBusinessMinutes).toBe(
    resolved === null ? null : businessMinutesBetween(hours, created, resolved),
  );
  // Calendar minutes from the stored microseconds; the Dates here hold milliseconds.
  if (answered === null) expect(row.reportFirstResponseMinutes).toBeNull();
  else expect(row.reportFirstResponseMinutes).toBeCloseTo((answered - created) / MIN, 4);
  if (resolved === null) expect(row.reportResolutionMinutes).toBeNull();
  else expect(row.reportResolutionMinutes).toBeCloseTo((resolved - created) / MIN, 4);
}

/** Moves an item's creation back, then lays the hours out again from it (as after a change of the hours). */
async function madeAgo(table: 'tickets' | 'chat_conversations', id: string, minutes: number) {
  await t
    .db(table)
    .where({ id })
    .update({ createdAt: t.db.raw(`now() - ? * interval '1 minute'`, [minutes]) });
  await admin.agent.put(HOURS).send(DEFAULT_BUSINESS_HOURS).expect(200);
  await reportFactsRecount(t.db).settled();
}

describe('report facts stored on each item', () => {
  it('a late first reply, a resolution and a reopening store the ticket’s times, in business minutes', async () => {
    const id = await newTicket();
    // Three days and five hours ago: nights, and perhaps a weekend, lie between it and the reply.
    await madeAgo('tickets', id, 3 * 24 * 60 + 5 * 60);
    const waiting = await ticketRow(id);
    expectFactsIn(waiting, DEFAULT_BUSINESS_HOURS);
    expect(waiting.reportFirstResponseBusinessMinutes).toBeNull();

    await admin.agent.post(`/api/service-requests/${id}/replies`).send({ message: 'Sorry for the wait.' }).expect(201);
    const answered = await ticketRow(id);
    expect(answered.firstResponseAt).not.toBeNull();
    expectFactsIn(answered, DEFAULT_BUSINESS_HOURS);
    expect(answered.reportFirstResponseMinutes!).toBeGreaterThan(answered.reportFirstResponseBusinessMinutes!);

    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ status: 'completed' }).expect(200);
    const resolved = await ticketRow(id);
    expect(resolved.resolvedAt).not.toBeNull();
    expectFactsIn(resolved, DEFAULT_BUSINESS_HOURS);
    expect(resolved.reportResolutionBusinessMinutes).not.toBeNull();

    // Reopened: no resolution to count any more; the first response stays.
    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ status: 'in_progress' }).expect(200);
    const reopened = await ticketRow(id);
    expect(reopened.resolvedAt).toBeNull();
    expectFactsIn(reopened, DEFAULT_BUSINESS_HOURS);
    expect(reopened.reportResolutionMinutes).toBeNull();
    expect(reopened.reportFirstResponseBusinessMinutes).toBe(answered.reportFirstResponseBusinessMinutes);
  });

  it('a chat’s first staff message and its close store its times', async () => {
    const conversation = await startConversation(t.db, {
      visitorId: randomUUID(),
      userId: null,
      visitorName: 'Vera Visitor',
      visitorEmail: null,
      startPage: null,
    });
    await madeAgo('chat_conversations', conversation.id, 2 * 24 * 60 + 30);
    await storeMessages(t.db, [
      {
        conversationId: conversation.id,
        senderType: 'admin',
        senderId: admin.built.user.id,
        text: 'Hi, Grace here.',
        clientId: null,
        origin: null,
      },
    ]);
    const answered = await chatRow(conversation.id);
    expect(answered.firstResponseAt).not.toBeNull();
    expectFactsIn(answered, DEFAULT_BUSINESS_HOURS);
    await closeConversation(t.db, conversation.id);
    const closed = await chatRow(conversation.id);
    expect(closed.closedAt).not.toBeNull();
    expectFactsIn(closed, DEFAULT_BUSINESS_HOURS);
  });

  it('a change of the business hours counts every item again, in the background once the PUT answered', async () => {
    const id = await newTicket();
    await madeAgo('tickets', id, 5 * 24 * 60);
    await admin.agent.post(`/api/service-requests/${id}/replies`).send({ message: 'On it.' }).expect(201);
    await admin.agent.patch(`/api/admin/service-requests/${id}`).send({ status: 'completed' }).expect(200);
    const before = await ticketRow(id);
    expectFactsIn(before, DEFAULT_BUSINESS_HOURS);

    await admin.agent.put(HOURS).send(TOKYO).expect(200);
    await reportFactsRecount(t.db).settled();
    const after = await ticketRow(id);
    expectFactsIn(after, TOKYO);
    expect(after.reportFirstResponseBusinessMinutes).not.toBe(before.reportFirstResponseBusinessMinutes);
    // No item keeps the old hours' stamp.
    for (const table of ['tickets', 'chat_conversations']) {
      const { count } = (await t
        .db(table)
        .where({ reportFactsKey: hoursKey(DEFAULT_BUSINESS_HOURS) })
        .count({ count: '*' })
        .first()) as { count: string };
      expect(Number(count)).toBe(0);
    }
  });
});

describe('the report and the stored facts', () => {
  // A week of its own, long ago: Wednesday 4 June 2025, 10:00 CDT, answered the next day at 9:30 CDT.
  const createdAt = new Date('2025-06-04T15:00:00Z');
  const firstResponseAt = new Date('2025-06-05T14:30:00Z');
  const week = '/api/admin/reports/support?from=2025-06-02&to=2025-06-08&interval=week';
  const median = async () =>
    ((await admin.agent.get(week).expect(200)).body as SupportReport).total.firstResponse.medianBusinessMinutes;

  it('reads the stored minutes, and counts live (then stores) an item without the current stamp', async () => {
    const id = await newTicket();
    await t.db('tickets').where({ id }).update({ createdAt, firstResponseAt });
    const expected = businessMinutesBetween(DEFAULT_BUSINESS_HOURS, createdAt.getTime(), firstResponseAt.getTime());
    expect(expected).toBe(8 * 60 + 90); // 10:00–18:00, then 8:00–9:30

    expect(await median()).toBe(expected);
    expectFactsIn(await ticketRow(id), DEFAULT_BUSINESS_HOURS);

    // The report answers from the column: a stored value (stamped with the current hours) is what it shows.
    await t.db('tickets').where({ id }).update({ reportFirstResponseBusinessMinutes: 4321 });
    expect(await median()).toBe(4321);

    // Without the current stamp the stored value is never used: counted again, and stored again.
    await t.db('tickets').where({ id }).update({ reportFactsKey: 'other hours' });
    expect(await median()).toBe(expected);
    expectFactsIn(await ticketRow(id), DEFAULT_BUSINESS_HOURS);
  });
});

describe('stored and live counts', () => {
  it('give the same figures and items, across the change to daylight saving time', async () => {
    // Two weeks around Sunday 9 March 2025 (Central time), items at odd seconds, some answered across nights.
    const start = new Date('2025-03-03T06:00:00Z').getTime();
    for (let i = 0; i < 24; i++) {
      const id = await newTicket();
      const created = start + i * 13 * 3_600_000 + i * 7_001;
      await t
        .db('tickets')
        .where({ id })
        .update({
          createdAt: new Date(created),
          firstResponseAt: i % 5 === 0 ? null : new Date(created + (i * 97 + 31) * MIN + 999),
          resolvedAt: i % 3 === 0 ? null : new Date(created + (i * 611 + 7) * MIN + 123),
          assigneeId: i % 2 === 0 ? admin.built.user.id : null,
        });
    }
    await admin.agent.put(HOURS).send(DEFAULT_BUSINESS_HOURS).expect(200);
    await reportFactsRecount(t.db).settled();
    const range: BucketedRange = {
      from: new Date(start),
      to: new Date('2025-03-17T05:00:00Z'),
      interval: 'week',
      timeZone: DEFAULT_BUSINESS_HOURS.timeZone,
      buckets: bucketBoundsOf('2025-03-03', '2025-03-16', 'week', DEFAULT_BUSINESS_HOURS.timeZone),
    };
    const live: Measure = { clock: businessClock(DEFAULT_BUSINESS_HOURS, '2025-03-01', '2025-04-30') };
    const stored: Measure = { facts: hoursKey(DEFAULT_BUSINESS_HOURS) };
    const [fromFacts, counted] = [
      await supportFigureRows(t.db, range, stored, {}),
      await supportFigureRows(t.db, range, live, {}),
    ];
    expect(fromFacts.stale).toBe(0);
    expect(fromFacts.rows.length).toBeGreaterThan(3);
    const ordered = (rows: typeof counted.rows) =>
      rows.toSorted((a, b) =>
        `${a.groupedBy}|${a.bucket}|${a.assigneeId}`.localeCompare(`${b.groupedBy}|${b.bucket}|${b.assigneeId}`),
      );
    expect(ordered(fromFacts.rows)).toEqual(ordered(counted.rows));
    const [itemsFromFacts, itemsCounted] = [
      await supportItemRows(t.db, range, stored, {}),
      await supportItemRows(t.db, range, live, {}),
    ];
    expect(itemsFromFacts.stale).toBe(0);
    expect(itemsFromFacts.items.length).toBe(24);
    expect(itemsFromFacts.items).toEqual(itemsCounted.items);
  });
});
