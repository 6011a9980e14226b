import { createHmac } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { TooManyRequests } from '../../errors';
import { consumeRateLimit, countRateLimitHit, peekRateLimit } from '../../middleware/rate-limit';
import type { User } from '../users/user.model';

/**
 * Password guessing is throttled without handing anyone a switch that locks
 * the owner out (docs/decisions/071-login-throttling-without-lockout.md):
 *
 *  - one IP: 20 attempts per 15 minutes, whatever the usernames (the route's rateLimitByIp);
 *  - one username from one IP: 10 attempts per 15 minutes;
 *  - one username from everywhere: past 50 failures in 15 minutes (a guessing attack spread over many
 *    addresses), only a known client may keep trying — a browser that logged in to that account before
 *    (the login-device cookie) or an address the account logged in from in the last 90 days.
 */

export const TOO_MANY_LOGINS = 'Too many login attempts. Please wait a few minutes and try again.';
export const ACCOUNT_UNDER_ATTACK =
  'Too many failed login attempts for this account. Log in from a device or network you have used before, or try again later.';

/** The browser cookie that says "this browser has logged in to these accounts". */
export const LOGIN_DEVICE_COOKIE = 'login_device';
const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** Accounts one browser is remembered for (the most recent ones). */
const DEVICE_COOKIE_ACCOUNTS = 5;
/** How long an address stays known after its last login. */
export const KNOWN_ADDRESS_DAYS = 90;

type ThrottleConfig = Pick<Config, 'rateLimits' | 'sessionSecret' | 'secureCookies'>;

function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** A tag proving this server saw a login to `username` in this browser: HMAC(secret, username), 128 bits. */
function deviceTag(username: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`login-device:${usernameKey(username)}`, 'utf8')
    .digest('base64url')
    .slice(0, 22);
}

function deviceTags(ctx: Context): string[] {
  const value = ctx.cookies.get(LOGIN_DEVICE_COOKIE) ?? '';
  return value
    .split('.')
    .filter((tag) => /^[A-Za-z0-9_-]{22}$/.test(tag))
    .slice(0, DEVICE_COOKIE_ACCOUNTS);
}

async function isKnownAddress(db: Knex, username: string, ip: string): Promise<boolean> {
  const result = await db.raw<{ rows: unknown[] }>(
    `select 1 from login_known_addresses a join users u on u.id = a.user_id
     where lower(u.username) = ? and a.ip = ? and a.last_login_at > now() - (? * interval '1 day')`,
    [usernameKey(username), ip, KNOWN_ADDRESS_DAYS],
  );
  return result.rows.length > 0;
}

export function loginThrottle(db: Knex, config: ThrottleConfig) {
  const { loginPerUserAndIp, loginFailuresPerUsername } = config.rateLimits;
  const failuresKey = (username: string) => `login:user-failures:${usernameKey(username)}`;

  return {
    /** Before the password is checked: 429 when this client may not try this username now. */
    async check(ctx: Context, username: string): Promise<void> {
      await consumeRateLimit(
        db,
        `login:user-ip:${usernameKey(username)}:${ctx.ip}`,
        loginPerUserAndIp,
        TOO_MANY_LOGINS,
      );
      const failures = await peekRateLimit(db, failuresKey(username), loginFailuresPerUsername);
      if (failures.count < loginFailuresPerUsername.limit) return;
      const known =
        deviceTags(ctx).includes(deviceTag(username, config.sessionSecret)) ||
        (await isKnownAddress(db, username, ctx.ip));
      if (!known) throw new TooManyRequests(ACCOUNT_UNDER_ATTACK, failures.retryAfterSeconds);
    },

    /** A wrong password (or no such account): one more failure for the username. */
    async failed(username: string): Promise<void> {
      await countRateLimitHit(db, failuresKey(username), loginFailuresPerUsername);
    },

    /** A successful login: the address becomes known, and a browser remembers the account. */
    async succeeded(ctx: Context, user: User, withCookie: boolean): Promise<void> {
      await db.raw(
        `insert into login_known_addresses (user_id, ip) values (?, ?)
         on conflict (user_id, ip) do update set last_login_at = now()`,
        [user.id, ctx.ip],
      );
      if (!withCookie) return;
      const tag = deviceTag(user.username, config.sessionSecret);
      const tags = [tag, ...deviceTags(ctx).filter((other) => other !== tag)].slice(0, DEVICE_COOKIE_ACCOUNTS);
      ctx.cookies.set(LOGIN_DEVICE_COOKIE, tags.join('.'), {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.secureCookies,
        maxAge: DEVICE_COOKIE_MAX_AGE_MS,
        signed: false,
        overwrite: true,
      });
    },
  };
}

/** Maintenance: addresses not used to log in for KNOWN_ADDRESS_DAYS are forgotten. */
export async function deleteOldKnownAddresses(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `delete from login_known_addresses where last_login_at <= now() - (? * interval '1 day')`,
    [KNOWN_ADDRESS_DAYS],
  );
  return result.rowCount;
}
