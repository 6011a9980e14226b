import { afterEach, describe, expect, it } from 'vitest';
import type { StaffEvent } from '@shared/schemas/staff-events';
import { createLogger } from '../logger';
import { eventually } from '../test/chat';
import { setupTestApp } from '../test/test-app';
import { createLiveBus, listenerName, type LiveBus } from './bus';
import { liveChannels, type ChatEvent } from './channels';
import { publish } from './publish';

const t = setupTestApp();
let bus: LiveBus | null = null;

afterEach(async () => {
  await bus?.stop();
  bus = null;
});

function newBus(instanceId: string): LiveBus {
  bus = createLiveBus({
    databaseUrl: t.deps.config.databaseUrl ?? '',
    instanceId,
    logger: createLogger('silent'),
    minBackoffMs: 10,
    maxBackoffMs: 50,
  });
  return bus;
}

const staff = (id: string): StaffEvent => ({ kind: 'order.updated', id });

describe('the live bus', () => {
  it('hands each subscriber the events of its channels, decoded, in commit order; nothing rolled back or malformed', async () => {
    const live = newBus('a0000000-0000-4000-8000-000000000001');
    const both: (StaffEvent | ChatEvent)[] = [];
    const staffOnly: StaffEvent[] = [];
    live.subscribe({ on: { staff: (e) => both.push(e), chat: (e) => both.push(e) }, resync: () => undefined });
    live.subscribe({ on: { staff: (e) => staffOnly.push(e) }, resync: () => undefined });
    await live.start();
    expect(live.listening).toBe(true);

    await t.db.transaction(async (trx) => {
      await publish(trx, 'staff', staff('first'));
      await publish(trx, 'chat', { kind: 'presence' });
      // Not events of the channel: never reach a subscriber.
      await trx.raw('select pg_notify(?, ?)', [liveChannels.staff.name, '{"kind":"drop_tables","id":"x"}']);
      await trx.raw('select pg_notify(?, ?)', [liveChannels.chat.name, 'not json']);
      await publish(trx, 'staff', staff('second'));
    });
    await t.db
      .transaction(async (trx) => {
        await publish(trx, 'staff', staff('rolled back'));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await publish(t.db, 'staff', staff('last'));

    await eventually(() => staffOnly.length === 3);
    expect(both).toEqual([staff('first'), { kind: 'presence' }, staff('second'), staff('last')]);
    expect(staffOnly).toEqual([staff('first'), staff('second'), staff('last')]);
  });

  it('takes subscribers only before it starts', async () => {
    const live = newBus('a0000000-0000-4000-8000-000000000002');
    await live.start();
    expect(() => live.subscribe({ on: {}, resync: () => undefined })).toThrow(/before the bus starts/);
  });

  it('comes back after its connection is cut, and asks every subscriber to catch up', async () => {
    const instanceId = 'a0000000-0000-4000-8000-000000000003';
    const live = newBus(instanceId);
    let resyncs = 0;
    const heard: StaffEvent[] = [];
    live.subscribe({ on: { staff: (e) => heard.push(e) }, resync: () => (resyncs += 1) });
    live.subscribe({ on: { catalogue: () => undefined }, resync: () => (resyncs += 1) });
    await live.start();

    const listenerPids = async () =>
      (
        await t.db.raw<{ rows: { pid: number }[] }>(
          `select pid from pg_stat_activity where datname = current_database() and application_name = ?`,
          [listenerName(instanceId)],
        )
      ).rows.map((row) => row.pid);
    const [before] = await listenerPids();
    expect(before).toBeDefined();
    await t.db.raw('select pg_terminate_backend(?)', [before!]);
    // The bus may drop and reconnect between two looks (its backoff here is 10 ms), so wait for what proves it came
    // back rather than for the moment it was down: each subscriber asked to catch up, on a new connection.
    await eventually(() => resyncs === 2);
    expect(live.listening).toBe(true);
    const after = await listenerPids();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    await publish(t.db, 'staff', staff('after'));
    await eventually(() => heard.length === 1);
    expect(heard).toEqual([staff('after')]);
  });
});
