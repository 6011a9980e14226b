import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { MailRow } from './mail-row';
import { redactSecrets } from './mail-secrets';

/**
 * A delivery attempt's two writes to the outbox: taking due mails (with a
 * lease), and saving what came of one (decision 081).
 */

export type Outcome =
  | { status: 'sent'; smtpResponse: string }
  | { status: 'kept' }
  | { status: 'failed'; error: string }
  | { status: 'retrying'; error: string; retryInMs: number };

const REMOVED = '[removed after delivery]';

/** Removes single-use secrets from what is kept of a delivered mail. */
const scrub = <T extends string | null>(value: T, secrets: readonly string[]): T =>
  redactSecrets(value, secrets, REMOVED);

/**
 * Takes up to `limit` due mails for this attempt: FOR UPDATE SKIP LOCKED, so
 * no two workers take one, held for `leaseMs`, with `attempts` counted up.
 */
export async function claimDueMails(db: Knex, leaseMs: number, limit: number): Promise<MailRow[]> {
  const result = await db.raw<{ rows: MailRow[] }>(
    `update mails m
     set status = 'sending', attempts = m.attempts + 1, updated_at = now(),
         locked_until = now() + (? * interval '1 millisecond')
     from (
       select id from mails
       where status in ('queued', 'retrying', 'sending') and next_attempt_at <= now()
         and (status <> 'sending' or locked_until < now())
       order by next_attempt_at
       limit ?
       for update skip locked
     ) due
     where m.id = due.id
     returning m.*`,
    [leaseMs, limit],
  );
  // A raw query's rows keep the columns' snake_case names: the row as MailRow names them (reply_to → replyTo;
  // without this, Reply-To and reply tokens were never sent).
  return result.rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()),
          value,
        ]),
      ) as unknown as MailRow,
  );
}

/**
 * Writes this attempt's outcome, if the mail is still this attempt's. A mail
 * rendered on this attempt (`renderedNow`) is kept with it (one write), for
 * staff and any later attempt; at a final outcome its secrets are removed
 * (and a kept one's too when `scrubKept`).
 */
export async function saveOutcome(
  db: Knex,
  logger: Logger,
  mail: MailRow,
  outcome: Outcome,
  { renderedNow, scrubKept }: { renderedNow: boolean; scrubKept: boolean },
): Promise<void> {
  const final = outcome.status === 'sent' || outcome.status === 'failed' || (outcome.status === 'kept' && scrubKept);
  const secrets = final ? (mail.secrets ?? []) : [];
  const changes: Record<string, unknown> = {
    status: outcome.status,
    lockedUntil: null,
    updatedAt: db.fn.now(),
  };
  if (outcome.status === 'sent') Object.assign(changes, { sentAt: db.fn.now(), smtpResponse: outcome.smtpResponse });
  if (outcome.status === 'failed' || outcome.status === 'retrying') changes.lastError = outcome.error;
  if (outcome.status === 'retrying') {
    changes.nextAttemptAt = db.raw(`now() + (? * interval '1 millisecond')`, [outcome.retryInMs]);
  }
  if (renderedNow || secrets.length > 0) {
    Object.assign(changes, {
      subject: mail.subject,
      htmlBody: scrub(mail.htmlBody, secrets),
      textBody: scrub(mail.textBody, secrets),
    });
  }
  if (secrets.length > 0) Object.assign(changes, { secrets: null, data: scrub(JSON.stringify(mail.data), secrets) });
  const updated = await db('mails').where({ id: mail.id, attempts: mail.attempts, status: 'sending' }).update(changes);
  if (updated === 0)
    logger.warn({ mailId: mail.id }, 'mail was taken over by another worker before its outcome was saved');
}
