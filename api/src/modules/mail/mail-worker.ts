import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { MailRow } from './mail-row';
import type * as RenderMailModule from './render-mail';
import { redactSecrets } from './mail-secrets';
import { MAIL_ATTACHMENTS_MAX_BYTES, onMailQueued } from './outbox';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy';
import { createSmtpTransport, describeSendFailure, type MailTransport } from './smtp-transport';

export interface MailWorkerOptions {
  /** How often to look for due mails when nothing wakes the worker (other instances' mails, retries). */
  pollIntervalMs?: number;
  /** Mails delivered at once by this instance (and SMTP connections kept open). */
  concurrency?: number;
  /** How long a worker holds a mail it took; a worker that died lets it go after this. */
  leaseMs?: number;
  retry?: RetryPolicy;
  /** Connecting to the SMTP server, its greeting and each command must finish within this. */
  smtpTimeoutMs?: number;
  /** Replaces the SMTP transport made from SMTP_URL (null: keep mails, as without SMTP_URL). */
  transport?: MailTransport | null;
  /** On stop, how long to wait for deliveries under way. */
  stopTimeoutMs?: number;
  /**
   * Makers of attachments named by their source ("<kind>:<id>"), by kind: the
   * file's content, or undefined when there is nothing to make (the mail then
   * fails, saying so). The worker keeps what they make with the mail.
   */
  attachmentSources?: AttachmentSources;
}

export type AttachmentSources = Readonly<Record<string, (db: Knex, id: string) => Promise<Buffer | undefined>>>;

interface AttachmentRow {
  id: string;
  filename: string;
  contentType: string;
  source: string | null;
  content: Buffer | null;
}

/** A file's source could not be made into a file: the mail cannot be sent as written. */
class UnmadeAttachment extends Error {}

export interface MailWorker {
  /** Look for due mails now. */
  wake(): void;
  /** Stops taking mails and waits for the ones being delivered. */
  stop(): Promise<void>;
}

type RenderModule = typeof RenderMailModule;

const REMOVED = '[removed after delivery]';

/** Removes single-use secrets from what is kept of a delivered mail. */
const scrub = <T extends string | null>(value: T, secrets: readonly string[]): T =>
  redactSecrets(value, secrets, REMOVED);

type Outcome =
  | { status: 'sent'; smtpResponse: string }
  | { status: 'kept' }
  | { status: 'failed'; error: string }
  | { status: 'retrying'; error: string; retryInMs: number };

/**
 * Delivers the outbox. Every instance runs one; they share the work through
 * PostgreSQL: a mail is taken with FOR UPDATE SKIP LOCKED and held for
 * `leaseMs`, so no two workers deliver it at once, and a worker that dies
 * mid-delivery lets it go when its lease runs out (the mail is then delivered
 * again: at least once). Every write after taking a mail checks the mail is
 * still this attempt's (`attempts`), so a worker that overran its lease
 * changes nothing. See docs/decisions/081.
 */
export function startMailWorker(
  deps: { db: Knex; config: Config; logger: Logger },
  options: MailWorkerOptions = {},
): MailWorker {
  const { db, config, logger } = deps;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const attachmentSources = options.attachmentSources ?? {};
  const transport =
    options.transport !== undefined
      ? options.transport
      : config.mail.smtpUrl
        ? createSmtpTransport(config.mail.smtpUrl, {
            maxConnections: Math.min(concurrency, 5),
            timeoutMs: options.smtpTimeoutMs ?? 30_000,
          })
        : null;
  const messageIdDomain = new URL(config.publicUrl).hostname;
  const scrubKept = config.env === 'production';
  // The templates (React Email) load with the first mail to render, not with the server.
  let renderer: Promise<RenderModule> | null = null;

  const inFlight = new Set<Promise<void>>();
  /** Mails rendered by this attempt, whose content is saved with its outcome. */
  const rendered = new Set<string>();
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const unsubscribe = onMailQueued(wake);

  async function claim(limit: number): Promise<MailRow[]> {
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
    return result.rows;
  }

  /** Writes this attempt's outcome, if the mail is still this attempt's. */
  async function finish(mail: MailRow, outcome: Outcome): Promise<void> {
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
    // Rendered on this attempt: kept with the outcome (one write), for staff and any later attempt.
    if (rendered.delete(mail.id) || secrets.length > 0) {
      Object.assign(changes, {
        subject: mail.subject,
        htmlBody: scrub(mail.htmlBody, secrets),
        textBody: scrub(mail.textBody, secrets),
      });
    }
    if (secrets.length > 0) Object.assign(changes, { secrets: null, data: scrub(JSON.stringify(mail.data), secrets) });
    const updated = await db('mails')
      .where({ id: mail.id, attempts: mail.attempts, status: 'sending' })
      .update(changes);
    if (updated === 0)
      logger.warn({ mailId: mail.id }, 'mail was taken over by another worker before its outcome was saved');
  }

  async function attempt(mail: MailRow): Promise<Outcome> {
    if (mail.attempts > retry.maxAttempts) {
      return {
        status: 'failed',
        error: `Gave up after ${retry.maxAttempts} attempts: ${mail.lastError ?? 'no answer'}`,
      };
    }
    if (mail.htmlBody === null || mail.textBody === null || mail.subject === null) {
      try {
        const { renderMail, mailContext } = await (renderer ??= import('./render-mail'));
        const content = await renderMail(mail.template, mail.data, mailContext(config.publicUrl));
        Object.assign(mail, { subject: content.subject, htmlBody: content.html, textBody: content.text });
      } catch (err) {
        logger.error({ err, mailId: mail.id, template: mail.template }, 'mail could not be rendered');
        return {
          status: 'failed',
          error: `Could not render the "${mail.template}" template: ${(err as Error).message}`,
        };
      }
      rendered.add(mail.id);
    }
    let attachments: { filename: string; contentType: string; content: Buffer }[];
    try {
      attachments = await loadAttachments(mail.id);
    } catch (err) {
      if (!(err instanceof UnmadeAttachment)) throw err;
      return { status: 'failed', error: err.message };
    }
    if (!transport) return { status: 'kept' };
    try {
      const smtpResponse = await transport.send({
        from: config.mail.from,
        to: mail.recipient,
        replyTo: mail.replyTo,
        subject: mail.subject!,
        html: mail.htmlBody!,
        text: mail.textBody!,
        messageId: `<${mail.id}@${messageIdDomain}>`,
        attachments,
      });
      return { status: 'sent', smtpResponse };
    } catch (err) {
      const failure = describeSendFailure(err);
      if (failure.permanent) return { status: 'failed', error: failure.reason };
      if (mail.attempts >= retry.maxAttempts) {
        return { status: 'failed', error: `Gave up after ${mail.attempts} attempts: ${failure.reason}` };
      }
      return { status: 'retrying', error: failure.reason, retryInMs: retryDelayMs(mail.attempts, retry) };
    }
  }

  /** The mail's files, in order; those named by a source are made now, once, and kept. */
  async function loadAttachments(mailId: string) {
    const rows = await db('mailAttachments')
      .where({ mailId })
      .orderBy('position')
      .select<AttachmentRow[]>('id', 'filename', 'contentType', 'source', 'content');
    const files = [];
    let total = 0;
    for (const row of rows) {
      let content = row.content;
      if (content === null) {
        const [kind = '', ...rest] = (row.source ?? '').split(':');
        const make = Object.hasOwn(attachmentSources, kind) ? attachmentSources[kind] : undefined;
        if (!make) throw new UnmadeAttachment(`No maker for the attachment source "${row.source}"`);
        const made = await make(db, rest.join(':'));
        if (!made) throw new UnmadeAttachment(`The attachment "${row.filename}" (${row.source}) could not be made`);
        content = made;
        await db('mailAttachments').where({ id: row.id }).update({ content, size: content.length });
      }
      total += content.length;
      files.push({ filename: row.filename, contentType: row.contentType, content });
    }
    if (total > MAIL_ATTACHMENTS_MAX_BYTES) {
      throw new UnmadeAttachment(
        `The attachments weigh ${total} bytes, over the ${MAIL_ATTACHMENTS_MAX_BYTES} allowed`,
      );
    }
    return files;
  }

  async function deliver(mail: MailRow): Promise<void> {
    try {
      const outcome = await attempt(mail);
      await finish(mail, outcome);
      const log = { mailId: mail.id, template: mail.template, attempts: mail.attempts, status: outcome.status };
      if (outcome.status === 'failed') logger.warn({ ...log, error: outcome.error }, 'mail failed');
      else if (outcome.status === 'retrying') logger.info({ ...log, error: outcome.error }, 'mail will be retried');
    } catch (err) {
      // The database is unreachable: the lease runs out and the mail is taken again.
      rendered.delete(mail.id);
      logger.warn({ err, mailId: mail.id }, 'could not record a mail delivery');
    }
  }

  function pause(ms: number): Promise<void> {
    if (woken || stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      const free = concurrency - inFlight.size;
      let claimed: MailRow[] = [];
      if (free > 0) {
        try {
          claimed = await claim(free);
        } catch (err) {
          logger.warn({ err }, 'could not look for mails to deliver');
          await pause(pollIntervalMs);
          continue;
        }
      }
      for (const mail of claimed) {
        const delivery: Promise<void> = deliver(mail).finally(() => {
          inFlight.delete(delivery);
          if (free === claimed.length) wake();
        });
        inFlight.add(delivery);
      }
      // A full batch means more may be due: look again as soon as a slot is free.
      if (free > 0 && claimed.length === free) continue;
      await pause(pollIntervalMs);
    }
  })();

  return {
    wake,
    async stop() {
      if (stopping) return;
      stopping = true;
      unsubscribe();
      wake();
      await loop;
      // Deliveries under way finish (or time out); any whose outcome is not saved is delivered again later.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, stopTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      transport?.close();
    },
  };
}
