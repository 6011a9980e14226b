import type { Knex } from 'knex';
import { isUuid } from '@shared/schemas/text';
import type { ThreadKind, ThreadRef } from './reply-tokens';

/**
 * What inbound mail asks of the outbox: which of our mails a Message-ID names (our Message-IDs are
 * `<mail id@PUBLIC_URL host>`, mail-worker.ts), and marking one bounced.
 */

export interface SentMailRef {
  id: string;
  recipient: string;
  thread: ThreadRef | null;
}

/** The mail id in one of our Message-IDs (`<uuid@host>`, host compared without case), or null. */
export function mailIdOfMessageId(messageId: string, host: string): string | null {
  const match = /^<?([^<>@\s]+)@([^<>\s]+?)>?$/.exec(messageId.trim());
  if (!match || match[2]!.toLowerCase() !== host.toLowerCase()) return null;
  return isUuid(match[1]!) ? match[1]!.toLowerCase() : null;
}

/** The first of `messageIds` (newest first is the caller's order) that is a mail we sent. */
export async function findSentMail(
  db: Knex | Knex.Transaction,
  messageIds: readonly string[],
  host: string,
): Promise<SentMailRef | null> {
  const ids = messageIds.map((value) => mailIdOfMessageId(value, host)).filter((id): id is string => id !== null);
  if (ids.length === 0) return null;
  const rows = (await db('mails').select('id', 'recipient', 'threadKind', 'threadId').whereIn('id', ids)) as {
    id: string;
    recipient: string;
    threadKind: ThreadKind | null;
    threadId: string | null;
  }[];
  for (const id of ids) {
    const row = rows.find((candidate) => candidate.id === id);
    if (row) {
      return {
        id: row.id,
        recipient: row.recipient,
        thread: row.threadKind && row.threadId ? { kind: row.threadKind, id: row.threadId } : null,
      };
    }
  }
  return null;
}

/** Marks a sent mail bounced with the reason a delivery-status notification gave. Returns whether it was ours. */
export async function markMailBounced(db: Knex | Knex.Transaction, mailId: string, reason: string): Promise<boolean> {
  const text = reason.slice(0, 1000);
  const updated = await db('mails')
    .where({ id: mailId })
    .whereIn('status', ['sent', 'bounced', 'kept'])
    .update({
      status: 'bounced',
      bounceReason: text,
      lastError: `Bounced: ${text}`,
      bouncedAt: db.fn.now(),
      updatedAt: db.fn.now(),
    });
  return updated > 0;
}

export interface BouncedMail {
  id: string;
  subject: string | null;
  reason: string;
  bouncedAt: Date;
}

/** Mails to `email` that bounced, newest first (the customer page shows them). */
export async function bouncedMailsTo(db: Knex | Knex.Transaction, email: string): Promise<BouncedMail[]> {
  return (await db('mails')
    .select('id', 'subject', 'bounceReason as reason', 'bouncedAt')
    .where({ recipient: email.toLowerCase() })
    .whereNotNull('bouncedAt')
    .orderBy('bouncedAt', 'desc')
    .limit(20)) as BouncedMail[];
}
