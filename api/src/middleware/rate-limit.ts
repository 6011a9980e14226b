import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { RateLimitRule } from '../config';
import { TooManyRequests } from '../errors';

/** A key's count in the current window, and the seconds until that window ends. */
export interface RateLimitCount {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Runs `query` for the fixed window `now` falls in (its start and end in
 * epoch milliseconds) and reads the count it returns.
 */
async function inCurrentWindow(
  rule: RateLimitRule,
  query: (start: number, end: number) => Promise<{ rows: { count: number }[] }>,
): Promise<RateLimitCount> {
  const now = Date.now();
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  const end = start + rule.windowMs;
  const result = await query(start, end);
  return { count: result.rows[0]?.count ?? 0, retryAfterSeconds: (end - now) / 1000 };
}

/** Counts one hit on `key` in the current window; the count so far, this hit included. */
export function countRateLimitHit(db: Knex, key: string, rule: RateLimitRule): Promise<RateLimitCount> {
  return inCurrentWindow(rule, (start, end) =>
    db.raw(
      `insert into rate_limits (key, window_start, count, expires_at)
       values (?, to_timestamp(? / 1000.0), 1, to_timestamp(? / 1000.0))
       on conflict (key, window_start) do update set count = rate_limits.count + 1
       returning count`,
      [key, start, end],
    ),
  );
}

/** The hits on `key` in the current window, without counting one. */
export function peekRateLimit(db: Knex, key: string, rule: RateLimitRule): Promise<RateLimitCount> {
  return inCurrentWindow(rule, (start) =>
    db.raw('select count from rate_limits where key = ? and window_start = to_timestamp(? / 1000.0)', [key, start]),
  );
}

/**
 * Counts one hit on `key` in the current fixed window (shared by all
 * instances through PostgreSQL) and throws 429 once the limit is passed.
 */
export async function consumeRateLimit(db: Knex, key: string, rule: RateLimitRule, message: string): Promise<void> {
  const { count, retryAfterSeconds } = await countRateLimitHit(db, key, rule);
  if (count > rule.limit) throw new TooManyRequests(message, retryAfterSeconds);
}

/** Rate limit by client IP (X-Forwarded-For is honoured only with TRUST_PROXY). */
export function rateLimitByIp(db: Knex, bucket: string, rule: RateLimitRule, message: string): Middleware {
  return async function limitByIp(ctx: Context, next) {
    await consumeRateLimit(db, `${bucket}:ip:${ctx.ip}`, rule, message);
    await next();
  };
}

export async function deleteExpiredRateLimits(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>('delete from rate_limits where expires_at <= now()');
  return result.rowCount;
}
