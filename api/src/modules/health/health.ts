import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { AppDeps, InstanceState } from '../../app-deps';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-errors';
import { outboxBacklog, type OutboxBacklog } from '../mail/outbox.service';

/** A mail worker that has not passed through its loop for this long is stalled (it passes at least every second). */
export const MAIL_WORKER_STALLED_AFTER_MS = 60_000;
/** A mail waiting longer than this to be delivered means mail is not going out (SMTP down, worker behind). */
export const OUTBOX_OLD_AFTER_SECONDS = 15 * 60;
/** The outbox figures are read at most this often: a burst of probes costs one query. */
const OUTBOX_CACHE_MS = 2_000;

/**
 * Database reachability, with concurrent checks sharing one query: a burst of
 * probes costs one round trip, and every answer reflects a query that started
 * after the probe arrived.
 */
function databaseProbe(db: Knex): () => Promise<boolean> {
  let inFlight: Promise<boolean> | null = null;
  let waiting: Promise<boolean> | null = null;
  const run = () =>
    db
      .raw('select 1')
      .then(() => true)
      .catch(() => false);
  return () => {
    if (!inFlight) {
      inFlight = run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    // A query is already running but began before this probe: queue one follow-up for everyone waiting.
    waiting ??= inFlight.then(() => {
      waiting = null;
      inFlight = run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    });
    return waiting;
  };
}

/** The outbox's backlog, read at most every OUTBOX_CACHE_MS (one query at a time); null when it cannot be read. */
function outboxProbe(db: Knex): () => Promise<OutboxBacklog | null> {
  let last: { at: number; value: OutboxBacklog } | null = null;
  let inFlight: Promise<OutboxBacklog | null> | null = null;
  return () => {
    if (last && Date.now() - last.at < OUTBOX_CACHE_MS) return Promise.resolve(last.value);
    inFlight ??= outboxBacklog(db)
      .then(
        (value) => {
          last = { at: Date.now(), value };
          return value;
        },
        () => null,
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: 'ok';
  /** What makes the status `degraded`, one sentence each; empty when ok. */
  problems: string[];
  /** Migrations of this build the database lacks (counted at start). */
  migrations?: { pending: number };
  mailWorker?: { status: 'ok' | 'stalled' | 'stopped'; lastTickSecondsAgo: number };
  /** null: the outbox could not be read. */
  outbox: OutboxBacklog | null;
}

/** The report for a reachable database, from what this instance knows and the outbox's figures. */
export function healthReport(instance: InstanceState | undefined, outbox: OutboxBacklog | null): HealthReport {
  const problems: string[] = [];
  const report: Omit<HealthReport, 'status' | 'database' | 'problems'> = { outbox };
  if (instance) {
    const pending = instance.pendingMigrations;
    report.migrations = { pending };
    if (pending > 0) problems.push(`${pending} migration${pending === 1 ? '' : 's'} not applied`);
    const ageMs = instance.mailWorker.ageMs();
    const status = instance.mailWorker.stopped() ? 'stopped' : ageMs > MAIL_WORKER_STALLED_AFTER_MS ? 'stalled' : 'ok';
    report.mailWorker = { status, lastTickSecondsAgo: Math.floor(ageMs / 1000) };
    if (status !== 'ok') problems.push(`the mail worker has ${status}`);
  }
  if (!outbox) problems.push('the outbox could not be read');
  else if ((outbox.oldestPendingSeconds ?? 0) > OUTBOX_OLD_AFTER_SECONDS) {
    problems.push(`a mail has waited ${Math.floor(outbox.oldestPendingSeconds! / 60)} minutes to be delivered`);
  }
  // In the order an operator reads it: the verdict, why, then the figures.
  return { status: problems.length > 0 ? 'degraded' : 'ok', database: 'ok', problems, ...report };
}

/**
 * GET /healthz for load balancers and operators (decision 174): 200 with
 * `status: "ok"` or `"degraded"` (pending migrations, a stalled mail worker,
 * an old outbox backlog) and the figures behind it; 503 only when the database
 * is unreachable, since then nothing works.
 */
export function healthCheck({ db, instance }: AppDeps): Middleware {
  const probe = databaseProbe(db);
  const readOutbox = outboxProbe(db);
  // Not async: every other request passes straight on, without a promise and microtasks of its own (issue 31).
  return function health(ctx, next) {
    if (ctx.path !== '/healthz' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    return answerHealth(ctx);
  };
  async function answerHealth(ctx: Context): Promise<void> {
    ctx.set('Cache-Control', 'no-store');
    if (await probe()) {
      ctx.body = healthReport(instance, await readOutbox());
    } else {
      ctx.status = 503;
      ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      ctx.body = { message: 'Database unavailable', status: 'unavailable', database: 'unreachable' };
    }
  }
}
