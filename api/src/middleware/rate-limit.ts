import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { RateLimitRule } from '../config';
import { TooManyRequests } from '../errors';

/**
 * Counts one hit on `key` in the current fixed window (shared by all
 * instances through PostgreSQL). Says whether it is within the limit, and
 * when the window ends.
 */
export async function countRateLimitHit(
  db: Knex,
  key: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const now = Date.now();
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowEnd = windowStart + rule.windowMs;
  const result = await db.raw<{ rows: { count: number }[] }>(
    `insert into rate_limits (key, window_start, count, expires_at)
     values (?, to_timestamp(? / 1000.0), 1, to_timestamp(? / 1000.0))
     on conflict (key, window_start) do update set count = rate_limits.count + 1
     returning count`,
    [key, windowStart, windowEnd],
  );
  const count = result.rows[0]?.count ?? 0;
  return { allowed: count <= rule.limit, retryAfterSeconds: (windowEnd - now) / 1000 };
}

/** Counts one hit on `key` and throws 429 once the limit is passed. */
export async function consumeRateLimit(db: Knex, key: string, rule: RateLimitRule, message: string): Promise<void> {
  const { allowed, retryAfterSeconds } = await countRateLimitHit(db, key, rule);
  if (!allowed) throw new TooManyRequests(message, retryAfterSeconds);
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
