import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { RateLimitRule } from '../config';
import { TooManyRequests } from '../errors';

/** The fixed window `now` falls in. */
function currentWindow(rule: RateLimitRule, now = Date.now()): { start: number; end: number; now: number } {
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  return { start, end: start + rule.windowMs, now };
}

/** Counts one hit on `key` in the current window; the count so far, this hit included. */
export async function countRateLimitHit(
  db: Knex,
  key: string,
  rule: RateLimitRule,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const window = currentWindow(rule);
  const result = await db.raw<{ rows: { count: number }[] }>(
    `insert into rate_limits (key, window_start, count, expires_at)
     values (?, to_timestamp(? / 1000.0), 1, to_timestamp(? / 1000.0))
     on conflict (key, window_start) do update set count = rate_limits.count + 1
     returning count`,
    [key, window.start, window.end],
  );
  return { count: result.rows[0]?.count ?? 0, retryAfterSeconds: (window.end - window.now) / 1000 };
}

/** The hits on `key` in the current window, without counting one. */
export async function peekRateLimit(
  db: Knex,
  key: string,
  rule: RateLimitRule,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const window = currentWindow(rule);
  const result = await db.raw<{ rows: { count: number }[] }>(
    'select count from rate_limits where key = ? and window_start = to_timestamp(? / 1000.0)',
    [key, window.start],
  );
  return { count: result.rows[0]?.count ?? 0, retryAfterSeconds: (window.end - window.now) / 1000 };
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
