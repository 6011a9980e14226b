import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiServers } from '../../test/servers';
import { createTicket } from '../tickets/tickets.service';

/*
 * A warning or a breach is announced exactly once (decision 192), with two instances sweeping the same tickets every
 * 100 ms and one of them restarted while the instants fall due: each ticket gets one at-risk and one breach log row,
 * one timeline entry and one staff event of each kind, whichever instance told it.
 */

const servers = useApiServers(2, { serviceLevels: { intervalMs: 100 } });
const TICKETS = 30;
let listener: pg.Client;
const heard: { kind: string; id: string }[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: servers.config(0).databaseUrl! });
  await listener.connect();
  listener.on('notification', (message) => {
    const event = JSON.parse(message.payload ?? '{}') as { kind: string; id: string };
    if (event.kind.includes('.sla_')) heard.push(event);
  });
  await listener.query('listen northstar_staff');
});

afterAll(async () => {
  await listener?.end();
});

describe('service-level announcements across instances', () => {
  it('announces each warning and breach once, with two instances and a restart in the middle', async () => {
    // The second instance's pool: the first one's closes with it.
    const db = servers.instance(1).deps.db;
    const ids: string[] = [];
    for (let i = 0; i < TICKETS; i += 1) {
      const id = await db.transaction((trx) =>
        createTicket(trx, {
          userId: null,
          name: `Client ${i}`,
          email: `client${i}@example.com`,
          service: 'Field IT Services',
          message: 'Down again.',
        }),
      );
      ids.push(id!);
    }
    // The instants fall due over three and a half seconds, warnings first, then breaches, around the restart.
    await db.raw(
      `update tickets sr set
         sla_next_warning_at = clock_timestamp() + make_interval(secs => 0.8 + o.n * 0.04),
         sla_next_breach_at = clock_timestamp() + make_interval(secs => 3 + o.n * 0.04)
       from unnest(?::uuid[]) with ordinality as o(id, n) where sr.id = o.id`,
      [ids],
    );

    // Some warnings are out: restart the first instance while the rest, and the breaches, fall due.
    await expect
      .poll(async () => Number((await db('service_level_events').count({ n: '*' }).first())!.n), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await servers.restart(0);

    await expect
      .poll(async () => (await db('tickets').whereIn('id', ids).where('slaState', 'breached')).length, {
        timeout: 20_000,
      })
      .toBe(TICKETS);
    // Both instances look again: nothing more is announced.
    await servers.instance(0).serviceLevels.runOnce();
    await servers.instance(1).serviceLevels.runOnce();
    // Every NOTIFY committed before this one has been delivered to the listener once this one arrives.
    await db.raw(`select pg_notify('northstar_staff', '{"kind":"test.sla_done","id":"end"}')`);
    await expect.poll(() => heard.some((event) => event.kind === 'test.sla_done'), { timeout: 5_000 }).toBe(true);

    const logged = await db('service_level_events').whereIn('ticketId', ids).select('ticketId', 'kind');
    const timeline = await db('ticket_events').whereIn('ticketId', ids).where('kind', 'sla_breached');
    for (const id of ids) {
      expect(
        logged
          .filter((row) => row.ticketId === id)
          .map((row) => row.kind)
          .sort(),
      ).toEqual(['at_risk', 'breached']);
      expect(timeline.filter((row) => row.ticketId === id)).toHaveLength(1);
      expect(
        heard
          .filter((event) => event.id === id)
          .map((event) => event.kind)
          .sort(),
      ).toEqual(['service_request.sla_at_risk', 'service_request.sla_breached']);
    }
  });
});
