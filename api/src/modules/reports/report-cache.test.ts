import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS } from '@shared/schemas/support';
import type { SupportReport } from '@shared/schemas/reports';
import { createApp } from '../../app';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { staffAgentOf } from '../../test/quote-factories';
import { buildPlan } from '../../test/subscription-factories';
import { buildTicket } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';
import { foldReportChanges, reportCache, reportFingerprint, type Computed, type ReportTopic } from './report-cache';

/*
 * Decision 214: a report is answered again from memory only while nothing it reads has changed. The fingerprints
 * against real transactions (committed, open, rolled back), the fold and a lost epoch; the cache's sharing and
 * forgetting; and the report API on two instances of one database.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const fingerprint = (topic: ReportTopic) => reportFingerprint(t.db, topic);
/** The number of changes a fingerprint counts (after its epoch). */
const counted = (value: string | null) => BigInt(value!.split(':')[1]!);
const epochOf = (value: string | null) => value!.split(':')[0];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('report fingerprints', () => {
  it('count a committed change of what a report reads, and nothing else', async () => {
    const support = await fingerprint('support');
    const sales = await fingerprint('sales');
    const ticket = await buildTicket(t.db, null);
    const afterTicket = await fingerprint('support');
    expect(counted(afterTicket)).toBe(counted(support) + 1n);
    expect(await fingerprint('sales')).toBe(sales);

    // A column no report reads changes nothing; one it reads does.
    await t.db('tickets').where({ id: ticket.id }).update({ message: 'Still down.' });
    expect(await fingerprint('support')).toBe(afterTicket);
    await t.db('tickets').where({ id: ticket.id }).update({ priority: 'urgent' });
    const afterPriority = await fingerprint('support');
    expect(counted(afterPriority)).toBe(counted(afterTicket) + 1n);

    // A plan is the sales report's; a staff member's name is both reports'.
    await buildPlan(t.db);
    const afterPlan = await fingerprint('sales');
    expect(counted(afterPlan)).toBe(counted(sales) + 1n);
    expect(await fingerprint('support')).toBe(afterPriority);
    const staff = await buildUser(t.db, { accountType: 'staff' });
    const [supportNamed, salesNamed] = [await fingerprint('support'), await fingerprint('sales')];
    await t.db('users').where({ id: staff.user.id }).update({ email: 'renamed@example.com' });
    expect([await fingerprint('support'), await fingerprint('sales')]).toEqual([supportNamed, salesNamed]);
    await t.db('users').where({ id: staff.user.id }).update({ firstName: 'Renamed' });
    expect(counted(await fingerprint('support'))).toBe(counted(supportNamed) + 1n);
    expect(counted(await fingerprint('sales'))).toBe(counted(salesNamed) + 1n);
  });

  it('count a transaction once, only when it commits, and never when it rolls back', async () => {
    const before = await fingerprint('support');
    await t.db.transaction(async (trx) => {
      await buildTicket(trx, null);
      await buildTicket(trx, null);
      // Read on another connection while the transaction is open: not counted yet.
      expect(await fingerprint('support')).toBe(before);
    });
    const committed = await fingerprint('support');
    expect(counted(committed)).toBe(counted(before) + 1n);

    await expect(
      t.db.transaction(async (trx) => {
        await buildTicket(trx, null);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await fingerprint('support')).toBe(committed);
  });

  it('keep their value through a fold, and start a new epoch when the epoch row is lost', async () => {
    await buildTicket(t.db, null);
    const before = await fingerprint('support');
    expect(await foldReportChanges(t.db, 'support')).toBeGreaterThan(0);
    expect(await t.db('report_changes').where({ topic: 'support' }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await fingerprint('support')).toBe(before);

    await t.db('report_change_epochs').where({ topic: 'support' }).del();
    expect(await fingerprint('support')).toBeNull();
    const renewed = await fingerprint('support');
    expect(renewed).not.toBeNull();
    expect(epochOf(renewed)).not.toBe(epochOf(before));
  });
});

describe('reportCache', () => {
  it('computes once while nothing changed, shares a computation in flight, and computes again after a change', async () => {
    const cache = reportCache(t.db);
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await sleep(20);
      return { value: { run: runs }, keep: true };
    };
    const [first, second] = await Promise.all([cache.get('support', 'k', compute), cache.get('support', 'k', compute)]);
    expect(runs).toBe(1);
    expect(second).toBe(first);
    expect(await cache.get('support', 'k', compute)).toBe(first);
    expect(await cache.get('support', 'another range', compute)).toEqual({ run: 2 });

    // A change to what only the other report reads keeps this one.
    await buildPlan(t.db);
    expect(await cache.get('support', 'k', compute)).toBe(first);
    await buildTicket(t.db, null);
    expect(await cache.get('support', 'k', compute)).toEqual({ run: 3 });
    expect(runs).toBe(3);
  });

  it('forgets a failed computation, and keeps only its most recently used entries', async () => {
    const cache = reportCache(t.db, 2);
    let runs = 0;
    await expect(
      cache.get('sales', 'k', async (): Promise<Computed<{ run: number }>> => {
        runs += 1;
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    const compute = async () => ({ value: { run: (runs += 1) }, keep: true });
    expect(await cache.get('sales', 'k', compute)).toEqual({ run: 2 });
    await cache.get('sales', 'b', compute);
    await cache.get('sales', 'k', compute);
    await cache.get('sales', 'c', compute); // evicts b, the least recently used
    expect(runs).toBe(4);
    await cache.get('sales', 'k', compute);
    expect(runs).toBe(4);
    await cache.get('sales', 'b', compute);
    expect(runs).toBe(5);
  });
  it('does not keep a report it may not (counted live), but shares it while in flight', async () => {
    const cache = reportCache(t.db);
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await sleep(20);
      return { value: { run: runs }, keep: false };
    };
    const [first, second] = await Promise.all([cache.get('support', 'k', compute), cache.get('support', 'k', compute)]);
    expect(second).toBe(first);
    expect(await cache.get('support', 'k', compute)).toEqual({ run: 2 });
  });
});

describe('GET /api/admin/reports/support on two instances of one database', () => {
  it('counts a change made anywhere in the next answer of either instance', async () => {
    const other = createApp(t.deps);
    const one = await staffAgentOf(t.db, t.agent(), 'admin');
    const two = await staffAgentOf(t.db, request.agent(other.callback()), 'admin');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: DEFAULT_BUSINESS_HOURS.timeZone });
    const url = `/api/admin/reports/support?from=${today}&to=${today}&interval=day&priority=urgent`;
    const urgentOf = async (agent: typeof one) => {
      const res = await agent.get(url);
      expect(res.status).toBe(200);
      return (res.body as SupportReport).total.new.tickets;
    };
    // The first report may lay out the business clock (a change of what reports read): it is counted again once.
    const start = await urgentOf(one);
    expect(await urgentOf(one)).toBe(start);
    expect(await urgentOf(two)).toBe(start);
    // Answered again from memory: the tickets are not read.
    const sql: string[] = [];
    const listen = (query: { sql: string }) => sql.push(query.sql);
    t.db.on('query', listen);
    try {
      expect(await urgentOf(one)).toBe(start);
    } finally {
      t.db.off('query', listen);
    }
    expect(sql.some((text) => /report_change/.test(text))).toBe(true);
    expect(sql.filter((text) => /from tickets/.test(text))).toEqual([]);

    // Written straight into the table (any writer), then through the first instance's API.
    const ticket = await buildTicket(t.db, null);
    await t.db('tickets').where({ id: ticket.id }).update({ priority: 'urgent' });
    expect(await urgentOf(one)).toBe(start + 1);
    expect(await urgentOf(two)).toBe(start + 1);
    const another = await buildTicket(t.db, null);
    expect(await urgentOf(two)).toBe(start + 1);
    await one.patch(`/api/admin/service-requests/${another.id}`).send({ priority: 'urgent' }).expect(200);
    expect(await urgentOf(two)).toBe(start + 2);
    expect(await urgentOf(one)).toBe(start + 2);
  });
});
