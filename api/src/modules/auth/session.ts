import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { sessionCacheFor } from './session-cache';
import { createSessionStore, type SessionData } from './session-store';
import { carriesAuthorization, issueSessionToken, sessionIdFromRequest } from './session-token';

declare module 'koa' {
  interface DefaultState {
    /** How this request's session travels: the cookie (browsers) or a bearer token (the desktop console). */
    sessionTransport?: 'cookie' | 'token';
    /** The bearer token of the session saved by this request, when it travels as a token. */
    sessionToken?: string;
  }
}

const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

// koa-session draws an id for every request that arrives without a cookie, even
// when nothing is saved: take 256-bit ids from a pooled CSPRNG buffer so that
// costs one system call per 128 requests instead of one each.
const ID_BYTES = 32;
let pool = Buffer.alloc(0);
let offset = 0;
function newSessionId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * 128);
    offset = 0;
  }
  const id = pool.subarray(offset, offset + ID_BYTES).toString('base64url');
  offset += ID_BYTES;
  return id;
}

/**
 * Signed session cookies already checked by this process: `value\nsignature`.
 * A signature is an HMAC of the value under the one session secret, so a pair
 * that checked once always checks; remembering it spares every later request
 * of that browser the HMAC and the constant-time comparison (with its random
 * key) that the cookies library does on each read (a tenth of a signed-in
 * request's time, issue 31). Only pairs that checked are kept; bounded.
 */
const checkedCookies = new Set<string>();
const CHECKED_COOKIES_MAX = 50_000;

/** The session cookie's value when its signature is right (cookies' `get` with `signed: true`, remembered). */
function signedCookie(ctx: Context, name: string, options: { signed: boolean }): string | undefined {
  const value = ctx.cookies.get(name, { signed: false });
  if (!value) return undefined;
  const signature = ctx.cookies.get(`${name}.sig`, { signed: false });
  if (!signature) return undefined;
  const pair = `${value}\n${signature}`;
  if (checkedCookies.has(pair)) return value;
  // The library's own check (and its answer to a wrong signature: the signature cookie is cleared).
  const checked = ctx.cookies.get(name, options);
  if (checked === value) {
    if (checkedCookies.size >= CHECKED_COOKIES_MAX) checkedCookies.clear();
    checkedCookies.add(pair);
  }
  return checked;
}

function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  // The __Host- prefix pins the cookie to our exact host, https and path /.
  return config.secureCookies ? '__Host-sid' : 'sid';
}

/**
 * Sessions whose data lives in PostgreSQL. Browsers hold the session id in a
 * signed cookie; a request with an `Authorization` header never uses the
 * cookie: its session is the one named by a bearer session token (the desktop
 * console), or none. Both kinds are the same rows and obey the same checks.
 */
export function sessionMiddleware(
  app: Koa,
  db: Knex,
  config: Pick<Config, 'secureCookies' | 'sessionSecret'>,
): Middleware {
  const key = sessionCookieName(config);
  const cookie = {
    maxAge: SESSION_MAX_AGE_MS,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    signed: true,
    overwrite: true,
  };
  const externalKey = {
    get(ctx: Context): string | undefined {
      if (carriesAuthorization(ctx)) {
        ctx.state.sessionTransport = 'token';
        return sessionIdFromRequest(ctx, config.sessionSecret) ?? undefined;
      }
      return signedCookie(ctx, key, cookie);
    },
    set(ctx: Context, sessionId: string): void {
      if (ctx.state.sessionTransport === 'token') {
        ctx.state.sessionToken = issueSessionToken(sessionId, config.sessionSecret);
        return;
      }
      ctx.cookies.set(key, sessionId, cookie);
    },
  };
  const sessions = session(
    {
      key,
      ...cookie,
      renew: true,
      rolling: false,
      store: createSessionStore(db),
      genid: newSessionId,
      // koa-session's types say get() returns a string; undefined means "no session" (it starts a new one).
      externalKey: externalKey as { get(ctx: Context): string; set(ctx: Context, sessionId: string): void },
    },
    app,
  ) as unknown as Middleware;
  const cache = sessionCacheFor(db);
  return async function sessionsByTransport(ctx, next) {
    try {
      await sessions(ctx, next);
    } finally {
      // A request that may have changed something (turned on two-factor sign-in, changed a role, ended sessions)
      // empties this instance's copies before its answer leaves, so the next request here never reads them; other
      // instances hear of the change from PostgreSQL (decision 172).
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') cache.clear();
      // koa-session clears the old cookie itself when a session is regenerated
      // or ended (not through externalKey.set): a session that travels as a
      // token has no cookie to clear, so such a request never sets one.
      if (ctx.state.sessionTransport === 'token') ctx.remove('Set-Cookie');
    }
  };
}

export function sessionData(ctx: Context): SessionData {
  if (!ctx.session) throw new Error('session middleware is not installed on this route');
  return ctx.session as unknown as SessionData;
}
