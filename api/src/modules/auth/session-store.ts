import type { Context } from 'koa';
import type { Knex } from 'knex';
import { snakeCaseMappers } from 'objection';
import { User } from '../users/user.model';
import { sessionCacheFor, sessionIdHash } from './session-cache';

export interface SessionData {
  userId?: string;
  visitorId?: string;
  [key: string]: unknown;
}

declare module 'koa' {
  interface DefaultState {
    /** The session's user, loaded with the session itself (see createSessionStore). */
    sessionUser?: User;
    /** The id of the stored session this request carries, once loaded (absent for a new or unknown session). */
    sessionId?: string;
  }
}

// Every request with a session runs this: written out once rather than built by the query builder each time.
// It also says whether the signed-in session's last-seen time is over a minute old (then it is brought up to date).
const SESSION_WITH_USER = `select s.sess, (s.user_id is not null and (s.last_seen_at is null or s.last_seen_at < now() - interval '1 minute')) as session_seen_stale,
    (extract(epoch from s.expire) * 1000)::float8 as session_expires_ms,
    (extract(epoch from coalesce(s.last_seen_at, now())) * 1000)::float8 as session_seen_ms, u.*
  from sessions s left join users u on u.id = s.user_id where s.sid = ? and s.expire > now() limit 1`;
/** How often a signed-in session's last-seen time is brought up to date (the sessions list shows it). */
const SEEN_REFRESH_MS = 60_000;
// Enough of a user agent to name the browser and system; no one needs the rest.
const USER_AGENT_MAX = 400;

/** Where a request comes from, as the sessions list shows it (decision 171). */
function clientOf(ctx: Context | undefined): { userAgent: string | null; ip: string | null; transport: string | null } {
  if (!ctx) return { userAgent: null, ip: null, transport: null };
  return {
    userAgent: ctx.get('user-agent').slice(0, USER_AGENT_MAX) || null,
    ip: ctx.ip || null,
    transport: ctx.state.sessionTransport === 'token' ? 'token' : 'cookie',
  };
}
// The user's columns as the model has them (snake_case in the database, camelCase in TypeScript).
const { parse: camelCaseKeys } = snakeCaseMappers();

/**
 * Each cached user's columns as Objection's fromJson sets them on a model, worked out once per copy: every
 * request still gets its own User (a route may change it), made by copying these properties onto a new one,
 * without fromJson's per-request checks of every key (a few percent of a signed-in request, issue 31).
 */
const modelProperties = new WeakMap<Record<string, unknown>, User>();
function userFrom(columns: Record<string, unknown>): User {
  let model = modelProperties.get(columns);
  if (!model) {
    model = User.fromJson(columns, { skipValidation: true });
    modelProperties.set(columns, model);
  }
  return Object.assign(new User(), model);
}

/**
 * koa-session's external store, backed by the `sessions` table so sessions
 * survive restarts and are shared by every API instance.
 *
 * Reading a session also reads its user in the same query (koa-session hands
 * the store the request context): an authenticated request costs one round
 * trip, not two — and none when this instance holds a copy of the session
 * (session-cache.ts, decision 172), which every change to the session or its
 * account drops on every instance as PostgreSQL announces it.
 */
export function createSessionStore(db: Knex) {
  const cache = sessionCacheFor(db);
  const refreshSeen = (sid: string, ctx: Context | undefined) =>
    // At most once a minute per session, not on every request.
    db.raw(`update sessions set last_seen_at = now(), ip = coalesce(?, ip) where sid = ?`, [ctx?.ip || null, sid]);
  const hand = (ctx: Context | undefined, sid: string, user: Record<string, unknown> | null) => {
    if (!ctx) return;
    ctx.state.sessionId = sid;
    if (user && typeof user.id === 'string') ctx.state.sessionUser = userFrom(user);
  };
  return {
    async get(sid: string, _maxAge?: unknown, options?: { ctx?: Context }): Promise<SessionData | undefined> {
      const sidHash = cache.enabled ? sessionIdHash(sid) : null;
      const cached = sidHash === null ? undefined : cache.get(sidHash);
      if (sidHash !== null && cached) {
        const now = Date.now();
        if (cached.user && now - cached.seenAt >= SEEN_REFRESH_MS) {
          await refreshSeen(sid, options?.ctx);
          cache.markSeen(sidHash, now);
        }
        hand(options?.ctx, sid, cached.user);
        return JSON.parse(cached.sessJson) as SessionData;
      }
      const readEpoch = cache.startRead();
      const { rows } = await db.raw<{ rows: (Record<string, unknown> & { sess: SessionData })[] }>(SESSION_WITH_USER, [
        sid,
      ]);
      const row = rows[0];
      if (!row) return undefined;
      const {
        sess,
        session_seen_stale: seenStale,
        session_expires_ms: expiresMs,
        session_seen_ms: seenMs,
        ...columns
      } = row;
      if (seenStale === true) await refreshSeen(sid, options?.ctx);
      const user = typeof columns.id === 'string' ? (camelCaseKeys(columns) as Record<string, unknown>) : null;
      if (sidHash !== null) {
        cache.fill(
          sidHash,
          {
            sessJson: JSON.stringify(sess),
            user,
            expiresAt: Number(expiresMs),
            seenAt: seenStale === true ? Date.now() : Number(seenMs),
          },
          readEpoch,
        );
      }
      hand(options?.ctx, sid, user);
      return sess;
    },
    async set(
      sid: string,
      sess: SessionData,
      maxAge: number | 'session' | undefined,
      options?: { ctx?: Context },
    ): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      const client = clientOf(options?.ctx);
      // signed_in_at: when the session got its user (kept while the user stays the same).
      await db.raw(
        `insert into sessions (sid, sess, expire, user_id, user_agent, ip, transport, signed_in_at, last_seen_at)
         values (?, ?::jsonb, now() + (? * interval '1 millisecond'), ?::uuid, ?, ?, ?,
                 case when ?::uuid is null then null else now() end, now())
         on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire, user_id = excluded.user_id,
           user_agent = coalesce(excluded.user_agent, sessions.user_agent), ip = coalesce(excluded.ip, sessions.ip),
           transport = coalesce(excluded.transport, sessions.transport),
           signed_in_at = case when sessions.user_id is not distinct from excluded.user_id
                               then coalesce(sessions.signed_in_at, excluded.signed_in_at) else excluded.signed_in_at end,
           last_seen_at = excluded.last_seen_at`,
        [sid, JSON.stringify(sess), ttl, userId, client.userAgent, client.ip, client.transport, userId],
      );
      // This instance's own change: drop its copy now rather than when the notice arrives.
      cache.dropSession(sessionIdHash(sid));
    },
    async destroy(sid: string): Promise<void> {
      await db.raw('delete from sessions where sid = ?', [sid]);
      cache.dropSession(sessionIdHash(sid));
    },
  };
}

export async function deleteExpiredSessions(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>('delete from sessions where expire <= now()');
  return result.rowCount;
}

/**
 * Ends sessions of an account: all of them, or all but `except` (the session
 * of the request asking, e.g. after a password change). The account's open
 * chat sockets on those sessions are closed at once on every instance: the
 * delete is announced by a trigger (the `accounts` channel of
 * live/channels.ts). Inside a transaction, on commit. Returns how many
 * sessions ended.
 */
export async function endUserSessions(
  db: Knex | Knex.Transaction,
  userId: string,
  options: { except?: string } = {},
): Promise<number> {
  const query = db('sessions').where({ userId });
  if (options.except) query.whereNot({ sid: options.except });
  return query.delete();
}
