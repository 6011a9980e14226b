import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-errors';

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

/** GET /healthz for load balancers: 200 when the database answers, else 503. */
export function healthCheck({ db }: AppDeps): Middleware {
  const probe = databaseProbe(db);
  return async function health(ctx, next) {
    if (ctx.path !== '/healthz' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', 'no-store');
    if (await probe()) {
      ctx.body = { status: 'ok', database: 'ok' };
    } else {
      ctx.status = 503;
      ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      ctx.body = { message: 'Database unavailable' };
    }
  };
}
