import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { createSessionStore, type SessionData } from './session-store';

export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

// koa-session draws an id for every request that arrives without a cookie, even
// when nothing is saved: take 256-bit ids from a pooled CSPRNG buffer so that
// costs one system call per 128 requests instead of one each.
const ID_BYTES = 32;
let pool = Buffer.alloc(0);
let offset = 0;
export function newSessionId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * 128);
    offset = 0;
  }
  const id = pool.subarray(offset, offset + ID_BYTES).toString('base64url');
  offset += ID_BYTES;
  return id;
}

export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  // The __Host- prefix pins the cookie to our exact host, https and path /.
  return config.secureCookies ? '__Host-sid' : 'sid';
}

/** Cookie sessions whose data lives in PostgreSQL. */
export function sessionMiddleware(app: Koa, db: Knex, config: Pick<Config, 'secureCookies'>): Middleware {
  return session(
    {
      key: sessionCookieName(config),
      maxAge: SESSION_MAX_AGE_MS,
      renew: true,
      rolling: false,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
      overwrite: true,
      store: createSessionStore(db),
      genid: newSessionId,
    },
    app,
  ) as unknown as Middleware;
}

export function sessionData(ctx: Context): SessionData {
  if (!ctx.session) throw new Error('session middleware is not installed on this route');
  return ctx.session as unknown as SessionData;
}
