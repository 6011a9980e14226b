import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import type { AppDeps, InstanceState } from '../../app-deps';
import { countPendingMigrations } from '../../db/database';
import { createHeartbeat } from '../../heartbeat';
import { quickMail, withSmtp } from '../../test/mail';
import { useApiServers } from '../../test/servers';
import { startMailWorker } from '../mail/mail-worker';
import { enqueueMail } from '../mail/outbox';
import { MAIL_WORKER_STALLED_AFTER_MS } from './health';

// One real instance (HTTP, mail worker, migrations run at start); the degraded states are made for real on its
// database, each seen through an app of its own (its own outbox figures, read afresh).
const servers = useApiServers(1, { mail: quickMail });

function healthz(deps: AppDeps) {
  return request(createApp(deps).callback()).get('/healthz');
}

function deps(instance: InstanceState): AppDeps {
  return { ...servers.instance().deps, instance };
}

let mailNumber = 0;
/** A mail waiting in the outbox, held as if a worker were delivering it (leased for an hour): nobody sends it. */
async function heldMail(): Promise<string> {
  mailNumber += 1;
  const key = `health:${mailNumber}`;
  await servers.db.transaction(async (trx) => {
    await enqueueMail(trx, {
      template: 'welcome',
      to: `health${mailNumber}@example.com`,
      data: { name: 'H', username: 'h' },
      idempotencyKey: key,
    });
    await trx('mails')
      .where('idempotencyKey', key)
      .update({ status: 'sending', lockedUntil: trx.raw("now() + interval '1 hour'") });
  });
  return key;
}

describe('GET /healthz', () => {
  it('reports a running instance: database, migrations, mail worker and outbox', async () => {
    const res = await request(servers.url()).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      status: 'ok',
      database: 'ok',
      problems: [],
      migrations: { pending: 0 },
      mailWorker: { status: 'ok', lastTickSecondsAgo: 0 },
      outbox: { pending: 0, oldestPendingSeconds: null },
    });
  });

  it('counts the mails waiting, and is degraded when one has waited over 15 minutes', async () => {
    const instance = servers.instance().deps.instance!;
    const waiting = [await heldMail(), await heldMail()];
    const fresh = await healthz(deps(instance));
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ status: 'ok', outbox: { pending: 2, oldestPendingSeconds: 0 } });

    await servers
      .db('mails')
      .where('idempotencyKey', waiting[0])
      .update({ createdAt: servers.db.raw("now() - interval '20 minutes'") });
    const old = await healthz(deps(instance));
    expect(old.status).toBe(200);
    expect(old.body.status).toBe('degraded');
    expect(old.body.outbox.pending).toBe(2);
    expect(old.body.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(1200);
    expect(old.body.problems).toEqual(['a mail has waited 20 minutes to be delivered']);
    await servers.db('mails').whereIn('idempotencyKey', waiting).update({ status: 'sent' });
  });

  it('is degraded with migrations of this build not applied', async () => {
    await servers.db.migrate.down();
    try {
      const pendingMigrations = await countPendingMigrations(servers.db);
      expect(pendingMigrations).toBe(1);
      const res = await healthz(deps({ mailWorker: createHeartbeat(), pendingMigrations }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'degraded',
        migrations: { pending: 1 },
        problems: ['1 migration not applied'],
      });
    } finally {
      await servers.db.migrate.latest();
    }
    expect(await countPendingMigrations(servers.db)).toBe(0);
  });

  it('is degraded when the mail worker has not ticked for a minute, or has stopped', async () => {
    let now = Date.now();
    const heartbeat = createHeartbeat(() => now);
    now += MAIL_WORKER_STALLED_AFTER_MS + 5_000;
    const stalled = await healthz(deps({ mailWorker: heartbeat, pendingMigrations: 0 }));
    expect(stalled.status).toBe(200);
    expect(stalled.body).toMatchObject({
      status: 'degraded',
      mailWorker: { status: 'stalled', lastTickSecondsAgo: 65 },
      problems: ['the mail worker has stalled'],
    });

    // A real worker beats on its first pass, and its heartbeat says stopped once it has.
    const instance: InstanceState = { mailWorker: createHeartbeat(() => now), pendingMigrations: 0 };
    const { config, logger } = servers.instance().deps;
    const worker = startMailWorker(
      { db: servers.db, logger, config: { ...config, ...withSmtp(null) }, instance },
      quickMail,
    );
    now += 1_000;
    await worker.stop();
    const stopped = await healthz(deps(instance));
    expect(stopped.body).toMatchObject({
      status: 'degraded',
      mailWorker: { status: 'stopped', lastTickSecondsAgo: 1 },
      problems: ['the mail worker has stopped'],
    });
  });

  it('stays cheap: a burst of probes reads the outbox once', async () => {
    const app = createApp(deps({ mailWorker: createHeartbeat(), pendingMigrations: 0 }));
    const outboxQueries: string[] = [];
    const count = (query: { sql: string }) => {
      if (query.sql.includes('min(created_at)')) outboxQueries.push(query.sql);
    };
    servers.db.on('query', count);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => request(app.callback()).get('/healthz')));
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
      const again = await request(app.callback()).head('/healthz');
      expect(again.status).toBe(200);
    } finally {
      servers.db.off('query', count);
    }
    expect(outboxQueries).toHaveLength(1);
  });
});
