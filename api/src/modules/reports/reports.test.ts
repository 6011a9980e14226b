import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessMinutesBetween } from '@shared/business-time';
import { DEFAULT_BUSINESS_HOURS } from '@shared/schemas/support';
import type { SalesReport, SupportFigures, SupportReport } from '@shared/schemas/reports';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { staffAgentOf } from '../../test/quote-factories';
import { buildPlan } from '../../test/subscription-factories';
import { storeBusinessHours } from '../../test/business-hours';
import { setupTestApp } from '../../test/test-app';
import { readBusinessHours } from '../settings/business-hours';

/*
 * GET /api/admin/reports/support and /sales: every figure against numbers this file computes itself from the
 * rows it writes (straight into the tables, with known times), the CSV exports and their spreadsheet safety,
 * validation, and who may open which report.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const TZ = DEFAULT_BUSINESS_HOURS.timeZone; // America/Chicago
const hex = () => randomBytes(8).toString('hex');

// ---- independent arithmetic ----

/** The local date of an instant in the business time zone, by Intl. */
const localDate = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: TZ });
/** The Monday on or before a date. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
}
/** Linear interpolation between closest ranks, as PostgreSQL's percentile_cont. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

interface Item {
  kind: 'ticket' | 'chat';
  id: string;
  createdAt: Date;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  assigneeId: string | null;
  firstResponseAt: Date | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  resolvedAt: Date | null;
  slaState: 'on_track' | 'at_risk' | 'breached' | 'met' | null;
}
interface Rating {
  itemIndex: number;
  rating: number;
  answeredAt: Date;
  assigneeId: string | null;
}

const minutesBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 60_000;

function expectedFigures(
  items: Item[],
  ratings: Rating[],
  inCreated: (item: Item) => boolean,
  inResolved: (item: Item) => boolean,
  inAnswered: (rating: Rating) => boolean,
): SupportFigures {
  const hours = DEFAULT_BUSINESS_HOURS;
  const created = items.filter(inCreated);
  const resolved = items.filter((item) => item.resolvedAt && inResolved(item));
  const answered = created.filter((item) => item.firstResponseAt);
  const frt = answered.map((item) => minutesBetween(item.createdAt, item.firstResponseAt!));
  const frtB = answered.map((item) =>
    businessMinutesBetween(hours, item.createdAt.getTime(), item.firstResponseAt!.getTime()),
  );
  const rt = resolved.map((item) => minutesBetween(item.createdAt, item.resolvedAt!));
  const rtB = resolved.map((item) =>
    businessMinutesBetween(hours, item.createdAt.getTime(), item.resolvedAt!.getTime()),
  );
  const counted = created.filter((item) => item.slaState === 'met' || item.slaState === 'breached');
  const met = counted.filter(
    (item) =>
      item.firstResponseAt !== null &&
      item.firstResponseAt <= item.firstResponseDueAt! &&
      (item.kind === 'chat' || (item.resolvedAt !== null && item.resolvedAt <= item.resolutionDueAt!)),
  );
  const rated = ratings.filter(inAnswered);
  const r2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
  return {
    new: {
      total: created.length,
      tickets: created.filter((item) => item.kind === 'ticket').length,
      chats: created.filter((item) => item.kind === 'chat').length,
    },
    resolved: {
      total: resolved.length,
      tickets: resolved.filter((item) => item.kind === 'ticket').length,
      chats: resolved.filter((item) => item.kind === 'chat').length,
    },
    firstResponse: {
      count: frt.length,
      medianMinutes: r2(percentile(frt, 0.5)),
      p90Minutes: r2(percentile(frt, 0.9)),
      medianBusinessMinutes: r2(percentile(frtB, 0.5)),
      p90BusinessMinutes: r2(percentile(frtB, 0.9)),
    },
    resolution: {
      count: rt.length,
      medianMinutes: r2(percentile(rt, 0.5)),
      p90Minutes: r2(percentile(rt, 0.9)),
      medianBusinessMinutes: r2(percentile(rtB, 0.5)),
      p90BusinessMinutes: r2(percentile(rtB, 0.9)),
    },
    sla: {
      counted: counted.length,
      met: met.length,
      breached: counted.length - met.length,
      metPercent: counted.length ? Math.round((met.length / counted.length) * 1000) / 10 : null,
    },
    csat: {
      count: rated.length,
      average: rated.length ? r2(rated.reduce((sum, r) => sum + r.rating, 0) / rated.length) : null,
    },
  };
}

// ---- the rows ----

/** A small deterministic generator, so the data is varied but the same on every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

// Three weeks around the start of daylight saving time in Central time (Sunday 9 March 2025).
const FROM = '2025-03-03';
const TO = '2025-03-23';
const rangeStart = new Date('2025-03-03T06:00:00Z'); // midnight CST
const rangeEnd = new Date('2025-03-24T05:00:00Z'); // midnight CDT after the 23rd

const items: Item[] = [];
const ratings: Rating[] = [];
let staffA: string;
let staffB: string;

async function insertItems(): Promise<void> {
  const random = generator(27);
  const priorities = ['low', 'normal', 'high', 'urgent'] as const;
  const states = ['met', 'breached', 'on_track', 'at_risk', null] as const;
  // From a week before the range to a few days after it: some are created before and resolved inside.
  const spanStart = rangeStart.getTime() - 7 * 86_400_000;
  const spanEnd = rangeEnd.getTime() + 3 * 86_400_000;
  for (let i = 0; i < 70; i++) {
    const kind = i % 3 === 0 ? 'chat' : 'ticket';
    const createdAt = new Date(Math.round((spanStart + random() * (spanEnd - spanStart)) / 1000) * 1000);
    const answered = random() < 0.85;
    const firstResponseAt = answered ? new Date(createdAt.getTime() + Math.round(random() * 3 * 86_400) * 1000) : null;
    const resolved = answered && random() < 0.7;
    const resolvedAt = resolved
      ? new Date(firstResponseAt!.getTime() + Math.round(random() * 6 * 86_400) * 1000)
      : null;
    items.push({
      kind,
      id: randomUUID(),
      createdAt,
      priority: priorities[Math.floor(random() * 4)]!,
      assigneeId: [staffA, staffB, null][Math.floor(random() * 3)]!,
      firstResponseAt,
      firstResponseDueAt: new Date(createdAt.getTime() + Math.round(random() * 2 * 86_400) * 1000),
      resolutionDueAt:
        kind === 'ticket' ? new Date(createdAt.getTime() + Math.round(random() * 7 * 86_400) * 1000) : null,
      resolvedAt: kind === 'chat' && !resolvedAt ? null : resolvedAt,
      slaState: states[Math.floor(random() * states.length)]!,
    });
  }
  const visitor = randomUUID();
  for (const item of items) {
    if (item.kind === 'ticket') {
      await t.db('tickets').insert({
        id: item.id,
        name: 'Report Probe',
        email: 'probe@example.com',
        service: 'Managed IT',
        message: 'A ticket the report test made.',
        status: item.resolvedAt ? 'completed' : 'in_progress',
        createdAt: item.createdAt,
        priority: item.priority,
        assigneeId: item.assigneeId,
        firstResponseAt: item.firstResponseAt,
        firstResponseDueAt: item.firstResponseDueAt,
        resolutionDueAt: item.resolutionDueAt,
        resolvedAt: item.resolvedAt,
        slaState: item.slaState,
      });
    } else {
      await t.db('chat_conversations').insert({
        id: item.id,
        visitorId: visitor,
        visitorName: 'Visitor',
        status: item.resolvedAt ? 'closed' : 'active',
        closedAt: item.resolvedAt,
        createdAt: item.createdAt,
        priority: item.priority,
        assigneeId: item.assigneeId,
        firstResponseAt: item.firstResponseAt,
        firstResponseDueAt: item.firstResponseDueAt,
        slaState: item.slaState,
      });
    }
  }
  for (let i = 0; i < items.length; i += 2) {
    const item = items[i]!;
    const answeredAt = new Date(item.createdAt.getTime() + Math.round(random() * 5 * 86_400) * 1000);
    const rating = 1 + Math.floor(random() * 5);
    ratings.push({ itemIndex: i, rating, answeredAt, assigneeId: item.assigneeId });
    await t.db('satisfaction_surveys').insert({
      tokenHash: hex(),
      [item.kind === 'ticket' ? 'ticketId' : 'chatConversationId']: item.id,
      assigneeId: item.assigneeId,
      rating,
      sentAt: item.createdAt,
      answeredAt,
    });
  }
  // A survey sent but never answered counts nowhere.
  await t.db('satisfaction_surveys').insert({ tokenHash: hex(), ticketId: items[1]!.id, sentAt: rangeStart });
}

let admin: Awaited<ReturnType<typeof staffAgentOf>>;

beforeAll(async () => {
  // Test databases are open around the clock (decision 189): these figures are in the spec's hours.
  await storeBusinessHours(t.db, DEFAULT_BUSINESS_HOURS);
  staffA = (await buildUser(t.db, { accountType: 'staff', staffRole: 'support', firstName: 'Avery' })).user.id;
  staffB = (await buildUser(t.db, { accountType: 'staff', staffRole: 'support', firstName: 'Blake' })).user.id;
  await insertItems();
  admin = await staffAgentOf(t.db, t.agent(), 'admin');
});

const inRange = (at: Date | null) => at !== null && at >= rangeStart && at < rangeEnd;

describe('the support report', () => {
  it('uses the business hours setting and its time zone', async () => {
    expect((await readBusinessHours(t.db)).timeZone).toBe(TZ);
  });

  it('gives every figure per week, in total and per staff member as computed here from the rows', async () => {
    const response = await admin.get(`/api/admin/reports/support?from=${FROM}&to=${TO}&interval=week`);
    expect(response.status).toBe(200);
    const report = response.body as SupportReport;
    expect(report.timeZone).toBe(TZ);
    expect(report.intervals.map((row) => [row.start, row.end])).toEqual([
      ['2025-03-03', '2025-03-09'],
      ['2025-03-10', '2025-03-16'],
      ['2025-03-17', '2025-03-23'],
    ]);
    for (const row of report.intervals) {
      const inWeek = (at: Date | null) => at !== null && inRange(at) && mondayOf(localDate(at)) === row.start;
      const { start: _start, end: _end, ...figures } = row;
      expect(figures).toEqual(
        expectedFigures(
          items,
          ratings,
          (item) => inWeek(item.createdAt),
          (item) => inWeek(item.resolvedAt),
          (rating) => inWeek(rating.answeredAt),
        ),
      );
    }
    expect(report.total).toEqual(
      expectedFigures(
        items,
        ratings,
        (item) => inRange(item.createdAt),
        (item) => inRange(item.resolvedAt),
        (rating) => inRange(rating.answeredAt),
      ),
    );
    expect(report.total.new.total).toBeGreaterThan(20);
    expect(report.total.sla.counted).toBeGreaterThan(5);
    for (const assigneeId of [staffA, staffB, null]) {
      const row = report.staff.find((member) => member.assigneeId === assigneeId);
      const { assigneeId: _id, name, ...figures } = row!;
      expect(name).toBe(assigneeId === staffA ? 'Avery' : assigneeId === staffB ? 'Blake' : 'Unassigned');
      expect(figures).toEqual(
        expectedFigures(
          items.filter((item) => item.assigneeId === assigneeId),
          ratings.filter((rating) => rating.assigneeId === assigneeId),
          (item) => inRange(item.createdAt),
          (item) => inRange(item.resolvedAt),
          (rating) => inRange(rating.answeredAt),
        ),
      );
    }
  });

  it('cuts days at midnight in the business time zone, across the change to daylight saving time', async () => {
    const report = (await admin.get(`/api/admin/reports/support?from=2025-03-08&to=2025-03-10&interval=day`))
      .body as SupportReport;
    expect(report.intervals.map((row) => row.start)).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    for (const row of report.intervals) {
      const onDay = (at: Date | null) => at !== null && localDate(at) === row.start;
      expect(row.new.total).toBe(items.filter((item) => onDay(item.createdAt)).length);
      expect(row.resolved.total).toBe(items.filter((item) => onDay(item.resolvedAt)).length);
    }
  });

  it('filters by staff member and by priority', async () => {
    const response = await admin.get(
      `/api/admin/reports/support?from=${FROM}&to=${TO}&interval=month&assigneeId=${staffA}&priority=high`,
    );
    expect(response.status).toBe(200);
    const report = response.body as SupportReport;
    expect(report.intervals.map((row) => [row.start, row.end])).toEqual([['2025-03-03', '2025-03-23']]);
    const chosen = items.filter((item) => item.assigneeId === staffA && item.priority === 'high');
    expect(report.total).toEqual(
      expectedFigures(
        chosen,
        ratings.filter((rating) => chosen.includes(items[rating.itemIndex]!)),
        (item) => inRange(item.createdAt),
        (item) => inRange(item.resolvedAt),
        (rating) => inRange(rating.answeredAt),
      ),
    );
    expect(report.staff.every((member) => member.assigneeId === staffA)).toBe(true);
  });

  it('answers an empty range with zero counts and null times', async () => {
    const report = (await admin.get('/api/admin/reports/support?from=2020-01-01&to=2020-01-31&interval=week'))
      .body as SupportReport;
    expect(report.intervals).toHaveLength(5);
    expect(report.total.new.total).toBe(0);
    expect(report.total.firstResponse.medianMinutes).toBeNull();
    expect(report.total.sla.metPercent).toBeNull();
    expect(report.staff).toEqual([]);
  });
});

describe('the list behind a bar', () => {
  it("opens the tickets list on the bar's days (business time zone) and SLA state", async () => {
    const week = { from: '2025-03-03', to: '2025-03-09' };
    const inWeek = (at: Date) => inRange(at) && mondayOf(localDate(at)) === week.from;
    const list = await admin.get(`/api/admin/service-requests?from=${week.from}&to=${week.to}&limit=100`);
    expect(list.status).toBe(200);
    const ids = (list.body as { requests: { id: string }[] }).requests.map((ticket) => ticket.id).sort();
    expect(ids).toEqual(
      items
        .filter((item) => item.kind === 'ticket' && inWeek(item.createdAt))
        .map((item) => item.id)
        .sort(),
    );
    const breached = await admin.get(
      `/api/admin/service-requests?from=${week.from}&to=${week.to}&sla=breached&limit=100`,
    );
    expect((breached.body as { requests: { id: string }[] }).requests.map((ticket) => ticket.id).sort()).toEqual(
      items
        .filter((item) => item.kind === 'ticket' && inWeek(item.createdAt) && item.slaState === 'breached')
        .map((item) => item.id)
        .sort(),
    );
    expect((await admin.get('/api/admin/service-requests?from=2025-03-09&to=2025-03-03')).status).toBe(400);
    expect((await admin.get('/api/admin/service-requests?sla=late')).status).toBe(400);
  });
});

// ---- CSV ----

/** An RFC 4180 reader: records of fields, quotes undone. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field).toBe('');
  return records;
}

describe('CSV exports', () => {
  it('writes one row per interval with the JSON figures', async () => {
    const url = `/api/admin/reports/support?from=${FROM}&to=${TO}&interval=week`;
    const report = (await admin.get(url)).body as SupportReport;
    const response = await admin
      .get(`${url}&format=csv`)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('support-report-2025-03-03-to-2025-03-23-by-week.csv');
    const [header, ...rows] = parseCsv(response.body as string);
    expect(header![0]).toBe('Start');
    expect(rows).toHaveLength(3);
    for (const [i, row] of rows.entries()) {
      const expected = report.intervals[i]!;
      expect(row[0]).toBe(expected.start);
      expect(Number(row[header!.indexOf('New')])).toBe(expected.new.total);
      expect(Number(row[header!.indexOf('SLA met')])).toBe(expected.sla.met);
      expect(row[header!.indexOf('First response median (business min)')]).toBe(
        String(expected.firstResponse.medianBusinessMinutes ?? ''),
      );
      expect(row).toHaveLength(header!.length);
    }
  });

  it('writes one row per ticket and chat behind the figures, and neutralises formula-like text', async () => {
    // A staff member whose name would run as a formula in a spreadsheet.
    const sly = (await buildUser(t.db, { accountType: 'staff', staffRole: 'support', firstName: '=HYPERLINK("x")' }))
      .user.id;
    const id = randomUUID();
    await t.db('tickets').insert({
      id,
      name: 'Formula',
      email: 'formula@example.com',
      service: 'Managed IT',
      message: 'x',
      createdAt: new Date('2025-03-05T15:00:00Z'),
      assigneeId: sly,
    });
    const response = await admin
      .get(`/api/admin/reports/support?from=${FROM}&to=${TO}&interval=week&format=csv&rows=items`)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(response.body as string);
    const behind = [
      ...items,
      { kind: 'ticket', id, createdAt: new Date(), resolvedAt: null } as unknown as Item,
    ].filter((item) => item.id === id || inRange(item.createdAt) || inRange(item.resolvedAt));
    expect(rows.map((row) => row[header!.indexOf('Id')]).sort()).toEqual(behind.map((item) => item.id).sort());
    const formulaRow = rows.find((row) => row[header!.indexOf('Id')] === id)!;
    expect(formulaRow[header!.indexOf('Assignee')]).toBe(`'=HYPERLINK("x")`);
    const sample = items.find((item) => inRange(item.createdAt) && item.firstResponseAt)!;
    const sampleRow = rows.find((row) => row[header!.indexOf('Id')] === sample.id)!;
    expect(Number(sampleRow[header!.indexOf('First response (business min)')])).toBe(
      businessMinutesBetween(DEFAULT_BUSINESS_HOURS, sample.createdAt.getTime(), sample.firstResponseAt!.getTime()),
    );
    await t.db('tickets').where({ id }).delete();
  });
});

// ---- sales ----

describe('the sales report', () => {
  it('adds up paid orders, refunds, net revenue, recurring revenue and quotes as computed here', async () => {
    const client = (await buildUser(t.db)).user.id;
    const monthly = await buildPlan(t.db, { price: '120.00', interval: 'month' });
    const yearly = await buildPlan(t.db, { price: '1200.00', interval: 'year' });
    const at = (iso: string) => new Date(iso);
    const orders = [
      { paidAt: at('2025-06-02T15:00:00Z'), total: '100.00' },
      { paidAt: at('2025-06-03T15:00:00Z'), total: '49.99' },
      { paidAt: at('2025-06-10T15:00:00Z'), total: '250.50' },
      { paidAt: at('2025-06-16T04:30:00Z'), total: '10.00' }, // Sunday 15 June, 23:30 in Chicago
      { paidAt: null, total: '999.00' }, // never paid
      { paidAt: at('2025-05-30T15:00:00Z'), total: '70.00' }, // before the range
    ];
    const orderIds: string[] = [];
    for (const order of orders) {
      const [row] = await t
        .db('orders')
        .insert({
          userId: client,
          status: order.paidAt ? 'paid' : 'pending',
          subtotalAmount: order.total,
          taxAmount: '0.00',
          totalAmount: order.total,
          paymentProvider: 'demo',
          shippingFullName: 'Sales Probe',
          shippingAddress: '1 Main St',
          shippingCity: 'Austin',
          shippingState: 'TX',
          shippingZipCode: '78701',
          shippingCountry: 'US',
          paidAt: order.paidAt,
          createdAt: order.paidAt ?? at('2025-06-04T15:00:00Z'),
        })
        .returning('id');
      orderIds.push((row as { id: string }).id);
    }
    const refunds = [
      { order: 0, amount: '30.00', status: 'succeeded', at: at('2025-06-04T15:00:00Z') },
      { order: 2, amount: '50.50', status: 'succeeded', at: at('2025-06-11T15:00:00Z') },
      { order: 1, amount: '49.99', status: 'failed', at: null },
    ];
    for (const refund of refunds) {
      await t.db('refunds').insert({
        orderId: orderIds[refund.order],
        provider: 'demo',
        amount: refund.amount,
        status: refund.status,
        succeededAt: refund.at,
      });
    }
    const subscriptions = [
      { plan: monthly.id, status: 'active', start: at('2025-01-10T00:00:00Z'), end: null },
      { plan: monthly.id, status: 'active', start: at('2025-06-05T00:00:00Z'), end: null }, // starts in week 1
      { plan: yearly.id, status: 'canceled', start: at('2025-02-01T00:00:00Z'), end: at('2025-06-12T00:00:00Z') }, // ends in week 2
      { plan: monthly.id, status: 'incomplete', start: at('2025-06-03T00:00:00Z'), end: null }, // never active
    ];
    for (const sub of subscriptions) {
      await t.db('subscriptions').insert({
        userId: client,
        provider: 'demo',
        providerSubscriptionId: `sub_${hex()}`,
        planId: sub.plan,
        status: sub.status,
        providerCreatedAt: sub.start,
        endedAt: sub.end,
        canceledAt: sub.end,
      });
    }
    const quotes = [
      { sent: at('2025-06-02T15:00:00Z'), accepted: at('2025-06-05T15:00:00Z'), declined: null },
      { sent: at('2025-06-03T15:00:00Z'), accepted: null, declined: at('2025-06-12T15:00:00Z') },
      { sent: at('2025-06-09T15:00:00Z'), accepted: at('2025-06-13T03:00:00Z'), declined: null },
      { sent: at('2025-06-10T15:00:00Z'), accepted: null, declined: null },
      { sent: at('2025-05-20T15:00:00Z'), accepted: at('2025-06-03T15:00:00Z'), declined: null },
    ];
    for (const [i, quote] of quotes.entries()) {
      await t.db('quotes').insert({
        year: 2025,
        sequence: 900 + i,
        number: `Q-2025-${900 + i}`,
        status: quote.accepted ? 'accepted' : quote.declined ? 'declined' : 'sent',
        title: 'Probe',
        customerName: 'Probe',
        customerEmail: 'probe@example.com',
        validUntil: '2025-12-31',
        tokenHash: hex(),
        sentAt: quote.sent,
        acceptedAt: quote.accepted,
        signatureName: quote.accepted ? 'Probe' : null,
        declinedAt: quote.declined,
      });
    }

    const response = await admin.get('/api/admin/reports/sales?from=2025-06-02&to=2025-06-15&interval=week');
    expect(response.status).toBe(200);
    const report = response.body as SalesReport;
    const chicago = (date: string) => new Date(`${date}T05:00:00Z`); // midnight CDT
    const weeks = [
      { start: '2025-06-02', end: '2025-06-08', from: chicago('2025-06-02'), to: chicago('2025-06-09') },
      { start: '2025-06-09', end: '2025-06-15', from: chicago('2025-06-09'), to: chicago('2025-06-16') },
    ];
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const dollars = (value: number) => (value / 100).toFixed(2);
    const mrrAt = (instant: Date) =>
      subscriptions
        .filter((sub) => sub.status !== 'incomplete' && sub.start <= instant && (!sub.end || sub.end > instant))
        .reduce((sum, sub) => sum + (sub.plan === yearly.id ? 10_000 : 12_000), 0);
    expect(report.intervals.map((row) => [row.start, row.end])).toEqual(weeks.map((w) => [w.start, w.end]));
    for (const [i, week] of weeks.entries()) {
      const within = (instant: Date | null) => instant !== null && instant >= week.from && instant < week.to;
      const paid = orders.filter((order) => within(order.paidAt));
      const refunded = refunds.filter((refund) => refund.status === 'succeeded' && within(refund.at));
      const revenue = paid.reduce((sum, order) => sum + cents(order.total), 0);
      const refundTotal = refunded.reduce((sum, refund) => sum + cents(refund.amount), 0);
      const accepted = quotes.filter((quote) => within(quote.accepted));
      const declined = quotes.filter((quote) => within(quote.declined));
      const row = report.intervals[i]!;
      expect(row.paidOrders).toBe(paid.length);
      expect(row.revenue).toBe(dollars(revenue));
      expect(row.refunds).toEqual({ count: refunded.length, amount: dollars(refundTotal) });
      expect(row.netRevenue).toBe(dollars(revenue - refundTotal));
      expect(row.mrr).toBe(dollars(mrrAt(week.to)));
      expect(row.mrrChange).toBe(dollars(mrrAt(week.to) - mrrAt(week.from)));
      expect(row.quotes.sent).toBe(quotes.filter((quote) => within(quote.sent)).length);
      expect(row.quotes.accepted).toBe(accepted.length);
      expect(row.quotes.declined).toBe(declined.length);
      expect(row.quotes.winRatePercent).toBe(
        accepted.length + declined.length
          ? Math.round((accepted.length / (accepted.length + declined.length)) * 1000) / 10
          : null,
      );
      const days = accepted.map((quote) => (quote.accepted!.getTime() - quote.sent.getTime()) / 86_400_000);
      expect(row.quotes.averageDaysToAccept).toBe(
        days.length ? Math.round((days.reduce((a, b) => a + b, 0) / days.length) * 100) / 100 : null,
      );
    }
    // The Sunday-evening order is in week 2 in Chicago though it is Monday in UTC.
    expect(report.intervals[1]!.paidOrders).toBe(2);
    expect(report.total.paidOrders).toBe(4);
    expect(report.total.revenue).toBe('410.49');
    expect(report.total.netRevenue).toBe('329.99');

    const csv = await admin
      .get('/api/admin/reports/sales?from=2025-06-02&to=2025-06-15&interval=week&format=csv&rows=items')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    const [header, ...rows] = parseCsv(csv.body as string);
    expect(header).toEqual(['Kind', 'Reference', 'Id', 'Event', 'At', 'Amount']);
    expect(
      rows
        .filter((row) => row[0] === 'order')
        .map((row) => row[5])
        .sort(),
    ).toEqual(['10.00', '100.00', '250.50', '49.99'].sort());
    expect(rows.filter((row) => row[0] === 'refund')).toHaveLength(2);
    // Sent: 4 in the range; accepted: 3 (one sent before it); declined: 1.
    expect(rows.filter((row) => row[0] === 'quote')).toHaveLength(4 + 3 + 1);
  });
});

// ---- validation and permissions ----

describe('validation', () => {
  it.each([
    ['from=2025-02-30&to=2025-03-01', 'from is not a real date'],
    ['from=2025-03-01&to=yesterday', 'to must be a date (YYYY-MM-DD)'],
    ['from=2025-03-10&to=2025-03-01', 'from must not be after to'],
    ['from=2025-01-01&to=2025-02-01&interval=hour', 'interval must be one of day, week, month'],
    ['from=2023-01-01&to=2025-06-01&interval=week', 'the range may be at most 731 days'],
    ['from=2024-01-01&to=2025-06-01&interval=day', 'a report by day may cover at most 366 days'],
    ['from=2025-01-01&to=2025-02-01&priority=critical', 'priority must be one of low, normal, high, urgent'],
    ['from=2025-01-01&to=2025-02-01&assigneeId=42', 'assigneeId must be a staff member id'],
    ['from=2025-01-01&to=2025-02-01&format=xlsx', 'format must be json or csv'],
    ['to=2025-02-01', 'from must be a date (YYYY-MM-DD)'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await admin.get(`/api/admin/reports/support?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('refuses a support filter on the sales report', async () => {
    const response = await admin.get('/api/admin/reports/sales?from=2025-01-01&to=2025-02-01&priority=high');
    expect(response.status).toBe(400);
  });
});

describe('who may open which report', () => {
  it('support: the support report; sales: the sales report; admin: both; fulfilment and clients: neither', async () => {
    const support = '/api/admin/reports/support?from=2025-01-01&to=2025-01-31';
    const sales = '/api/admin/reports/sales?from=2025-01-01&to=2025-01-31';
    const expectations = {
      admin: [200, 200],
      support: [200, 403],
      sales: [403, 200],
      fulfilment: [403, 403],
    } as const;
    for (const [role, [supportStatus, salesStatus]] of Object.entries(expectations)) {
      const agent = await staffAgentOf(t.db, t.agent(), role as keyof typeof expectations);
      expect([(await agent.get(support)).status, (await agent.get(sales)).status]).toEqual([
        supportStatus,
        salesStatus,
      ]);
    }
    expect((await t.request().get(support)).status).toBe(401);
  });
});
