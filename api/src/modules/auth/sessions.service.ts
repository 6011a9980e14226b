import type { Knex } from 'knex';
import type { AccountSession } from '@shared/schemas/sessions';
import { NotFound } from '../../errors';
import { endUserSessions } from './session-store';
import { describeUserAgent } from './user-agent';

/**
 * An account's signed-in sessions, as the account sees them (decision 171).
 * A session is named by its public id: its sid is the credential and never
 * leaves the server.
 */

interface SessionRow {
  sid: string;
  publicId: string;
  userAgent: string | null;
  ip: string | null;
  transport: string | null;
  signedInAt: Date | null;
  lastSeenAt: Date | null;
}

/** The account's sessions, the most recently seen first; `currentSid` is the one asking. */
export async function listAccountSessions(db: Knex, userId: string, currentSid: string | undefined) {
  const rows: SessionRow[] = await db('sessions')
    .select('sid', 'publicId', 'userAgent', 'ip', 'transport', 'signedInAt', 'lastSeenAt')
    .where({ userId })
    .where('expire', '>', db.fn.now())
    .orderByRaw('last_seen_at desc nulls last, signed_in_at desc nulls last');
  return rows.map((row): AccountSession => ({
    id: row.publicId,
    device: describeUserAgent(row.userAgent, row.transport),
    ip: row.ip,
    signedInAt: row.signedInAt ? new Date(row.signedInAt).toISOString() : null,
    lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
    current: row.sid === currentSid,
  }));
}

/**
 * Ends one session of the account (its sockets close at once: see
 * endUserSessions). 404 for a session that is not the account's, or gone.
 * Returns whether it was the session asking.
 */
export async function endAccountSession(
  db: Knex,
  userId: string,
  publicId: string,
  currentSid: string | undefined,
): Promise<{ wasCurrent: boolean }> {
  const ended: { sid: string }[] = await db('sessions').where({ userId, publicId }).delete().returning('sid');
  if (ended.length === 0) throw new NotFound('No such session');
  return { wasCurrent: ended[0]!.sid === currentSid };
}

/** Ends every session of the account but the one asking; returns how many ended. */
export async function endOtherSessions(db: Knex, userId: string, currentSid: string): Promise<number> {
  return endUserSessions(db, userId, { except: currentSid });
}
