import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { businessMinutesBetween } from '@shared/business-time';
import type { SupportReport } from '@shared/schemas/reports';
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from '@shared/schemas/support';
import { connectDatabase } from '../../db/database';
import { roomyRateLimits } from '../../test/config';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';
import { drainReportFacts, reportFactsRecount } from './facts-recount';
import { hoursKey, layOutReportClock } from './item-facts';

/*
 * A change of the business hours counts every item's report facts again in the background (decision 210): the PUT
 * answers at once, a report is right at once (it counts live while items are stale) and after the recount (from the
 * stored facts), and two instances recounting at once, or one stopped and started again, stamp every item once.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const HOURS = '/api/admin/settings/business-hours';
const ITEMS = 1_200;

/**
 * Open every day from 7:00 to 21:00, in the same time zone (so the report's week is the same instants): other
 * minutes than the default hours for the same items.
 */
const LONG: BusinessHours = {
  timeZone: DEFAULT_BUSINESS_HOURS.timeZone,
  weekly: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({
    day,
    opens: '07:00',
    closes: '21:00',
  })),
  holidays: [],
};

// A week of its own, long ago (Central time): Monday 2 June to Sunday 8 June 2025.
const WEEK = '/api/admin/reports/support?from=2025-06-02&to=2025-06-08&interval=week';
const weekStart = new Date('2025-06-02T05:00:00Z').getTime();
const weekEnd = new Date('2025-06-09T05:00:00Z').getTime();

let admin: Caller;
let client: Caller;
let other: Knex;

beforeAll(async () => {
  admin = await callerOf(t, 'staff', { firstName: 'Grace' });
  client = await callerOf(t, 'client', { firstName: 'Ada' });
  other = connectDatabase(t.deps.config.databaseUrl!, { poolMax: 2 });
  // Completed tickets (no open clock for the PUT to move), made, answered and resolved at odd instants in the week.
  await t.db.raw(
    `insert into tickets (user_id, name, email, service, message, status, priority, created_at, updated_at,
       first_response_at, resolved_at, sla_state)
     select :user, 'Ada', 'ada@example.com', 'Managed IT', 'Ticket ' || g, 'completed', 'normal', c, c,
            c + ((g * 97) % 2900 + 1) * interval '1 minute' + (g % 1000) * interval '1 millisecond',
            c + ((g * 611) % 7000 + 60) * interval '1 minute' + (g % 777) * interval '1 millisecond', 'met'
       from generate_series(1, :n) g,
            lateral (select to_timestamp(:start / 1000.0) + ((g * 7919) % 10000) * interval '1 minute' as c) t`,
    { user: client.built.user.id, n: ITEMS, start: weekStart },
  );
  await admin.agent.put(HOURS).send(DEFAULT_BUSINESS_HOURS).expect(200);
  await reportFactsRecount(t.db).settled();
});

afterAll(async () => {
  await reportFactsRecount(t.db).settled();
  await other?.destroy();
});

interface ItemTimes {
  createdAt: Date;
  firstResponseAt: Date;
  resolvedAt: Date;
}

const items = async () => (await t.db('tickets').select('createdAt', 'firstResponseAt', 'resolvedAt')) as ItemTimes[];

/** percentile_cont: interpolated between the two nearest values. */
function percentile(values: number[], fraction: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  const at = fraction * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** The report's business-minute figures, computed here from the rows' own instants in `hours`. */
async function expectedIn(hours: BusinessHours) {
  const rows = await items();
  const answered = rows.map((row) =>
    businessMinutesBetween(hours, row.createdAt.getTime(), row.firstResponseAt.getTime()),
  );
  // Resolution times are over the items resolved in the week (some are resolved after it).
  const resolved = rows
    .filter((row) => row.resolvedAt.getTime() < weekEnd)
    .map((row) => businessMinutesBetween(hours, row.createdAt.getTime(), row.resolvedAt.getTime()));
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    firstResponse: { median: round(percentile(answered, 0.5)), p90: round(percentile(answered, 0.9)) },
    resolution: { median: round(percentile(resolved, 0.5)), p90: round(percentile(resolved, 0.9)) },
  };
}

async function reportedFigures() {
  const { total } = (await admin.agent.get(WEEK).expect(200)).body as SupportReport;
  expect(total.new.tickets).toBe(ITEMS);
  return {
    firstResponse: { median: total.firstResponse.medianBusinessMinutes, p90: total.firstResponse.p90BusinessMinutes },
    resolution: { median: total.resolution.medianBusinessMinutes, p90: total.resolution.p90BusinessMinutes },
  };
}

const stampedWith = async (hours: BusinessHours) =>
  Number(
    (
      (await t
        .db('tickets')
        .where({ reportFactsKey: hoursKey(hours) })
        .count({ count: '*' })
        .first()) as {
        count: string;
      }
    ).count,
  );

/** Sets the business hours and lays them out, as the PUT does, without starting this app's recount. */
async function changeHoursQuietly(hours: BusinessHours): Promise<void> {
  await t.db.transaction(async (trx) => {
    await trx('settings')
      .insert({ key: 'business_hours', value: JSON.stringify(hours), updatedAt: trx.fn.now() })
      .onConflict('key')
      .merge();
    await layOutReportClock(trx);
  });
}

describe('a change of the business hours', () => {
  it('answers at once; the report is right while items are stale, and after the background recount', async () => {
    expect(await stampedWith(DEFAULT_BUSINESS_HOURS)).toBe(ITEMS);
    expect(await reportedFigures()).toEqual(await expectedIn(DEFAULT_BUSINESS_HOURS));

    // Another writer holds every item: the recount the PUT starts skips them (and ends), so they stay stale.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = other.transaction(async (trx) => {
      await trx('tickets').select('id').forUpdate();
      held();
      await released;
    });
    await holding;
    const long = await expectedIn(LONG);
    try {
      await admin.agent.put(HOURS).send(LONG).expect(200);
      await reportFactsRecount(t.db).settled();
      expect(await stampedWith(LONG)).toBe(0);

      // Counted live: the new hours' figures at once, not the stored (old) ones.
      expect(long).not.toEqual(await expectedIn(DEFAULT_BUSINESS_HOURS));
      expect(await reportedFigures()).toEqual(long);
      expect(await stampedWith(LONG)).toBe(0);
    } finally {
      release();
      await holder;
    }
    // The next report starts the recount again; once it is done every item carries the new stamp.
    expect(await reportedFigures()).toEqual(long);
    await reportFactsRecount(t.db).settled();
    expect(await stampedWith(LONG)).toBe(ITEMS);
    expect(await reportedFigures()).toEqual(long);
  });

  it('two instances recounting at once stamp every item exactly once', async () => {
    await changeHoursQuietly(DEFAULT_BUSINESS_HOURS);
    await drainReportFacts(t.db);
    await changeHoursQuietly(LONG);
    expect(await stampedWith(LONG)).toBe(0);

    const byA: string[] = [];
    const byB: string[] = [];
    const [countedA, countedB] = await Promise.all([
      drainReportFacts(t.db, { batchSize: 50, onBatch: (ids) => byA.push(...ids) }),
      drainReportFacts(other, { batchSize: 50, onBatch: (ids) => byB.push(...ids) }),
    ]);
    expect(countedA + countedB).toBe(ITEMS);
    const all = [...byA, ...byB];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(ITEMS);
    // Each stored with the minutes of its own instants in the new hours.
    const rows = (await t
      .db('tickets')
      .select(
        'createdAt',
        'firstResponseAt',
        'resolvedAt',
        'reportFirstResponseBusinessMinutes',
        'reportResolutionBusinessMinutes',
        'reportFactsKey',
      )) as (ItemTimes & {
      reportFirstResponseBusinessMinutes: number;
      reportResolutionBusinessMinutes: number;
      reportFactsKey: string;
    })[];
    for (const row of rows) {
      expect(row.reportFactsKey).toBe(hoursKey(LONG));
      expect(row.reportFirstResponseBusinessMinutes).toBe(
        businessMinutesBetween(LONG, row.createdAt.getTime(), row.firstResponseAt.getTime()),
      );
      expect(row.reportResolutionBusinessMinutes).toBe(
        businessMinutesBetween(LONG, row.createdAt.getTime(), row.resolvedAt.getTime()),
      );
    }
  });

  it('a recount stopped part-way is finished by the next, which counts only what was left', async () => {
    await changeHoursQuietly(DEFAULT_BUSINESS_HOURS);
    let batches = 0;
    const first: string[] = [];
    await drainReportFacts(t.db, {
      batchSize: 100,
      shouldStop: () => batches++ >= 3,
      onBatch: (ids) => first.push(...ids),
    });
    expect(first.length).toBe(300);
    expect(await stampedWith(DEFAULT_BUSINESS_HOURS)).toBe(300);

    const rest: string[] = [];
    expect(await drainReportFacts(other, { onBatch: (ids) => rest.push(...ids) })).toBe(ITEMS - 300);
    expect(rest.filter((id) => first.includes(id))).toEqual([]);
    expect(await stampedWith(DEFAULT_BUSINESS_HOURS)).toBe(ITEMS);
    expect(await reportedFigures()).toEqual(await expectedIn(DEFAULT_BUSINESS_HOURS));
  });
});
