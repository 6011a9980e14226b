import type { Knex } from 'knex';
import type { InstanceState } from '../../app-deps';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { MailRow } from './mail-row';
import type * as RenderMailModule from './render-mail';
import { loadAttachments, UnmadeAttachment, type AttachmentSources } from './mail-attachments';
import { claimDueMails, saveOutcome, type Outcome } from './mail-attempts';
import { onMailQueued } from './outbox';
import { replyAddress } from './reply-tokens';
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

export interface MailWorker {
  /** Look for due mails now. */
  wake(): void;
  /** Stops taking mails and waits for the ones being delivered. */
  stop(): Promise<void>;
}

type RenderModule = typeof RenderMailModule;

/** The transport the options name, else SMTP to SMTP_URL, else none (mails are kept). */
function transportFor(config: Config, options: MailWorkerOptions, concurrency: number): MailTransport | null {
  if (options.transport !== undefined) return options.transport;
  if (!config.mail.smtpUrl) return null;
  return createSmtpTransport(config.mail.smtpUrl, {
    maxConnections: Math.min(concurrency, 5),
    timeoutMs: options.smtpTimeoutMs ?? 30_000,
  });
}

/** What one delivery attempt needs from its worker. */
interface AttemptSetup {
  db: Knex;
  config: Config;
  logger: Logger;
  retry: RetryPolicy;
  attachmentSources: AttachmentSources;
  transport: ReturnType<typeof transportFor>;
  messageIdDomain: string;
  inboundDomain: string | null;
  /** The templates (React Email), loaded with the first mail to render, not with the server. */
  renderer: () => Promise<RenderModule>;
  /** Mails rendered by this attempt, whose content is saved with its outcome. */
  rendered: Set<string>;
}

/**
 * One attempt at one mail: rendered if it never was, its attachments made, then handed to the SMTP server (or kept
 * when none is configured). Says what became of it; the caller saves that.
 */
async function attemptMail(mail: MailRow, setup: AttemptSetup): Promise<Outcome> {
  const { db, config, logger, retry, attachmentSources, transport, messageIdDomain, inboundDomain, rendered } = setup;
  if (mail.attempts > retry.maxAttempts) {
    return {
      status: 'failed',
      error: `Gave up after ${retry.maxAttempts} attempts: ${mail.lastError ?? 'no answer'}`,
    };
  }
  if (mail.htmlBody === null || mail.textBody === null || mail.subject === null) {
    try {
      const { renderMail, mailContext } = await setup.renderer();
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
    attachments = await loadAttachments(db, attachmentSources, mail.id);
  } catch (err) {
    if (!(err instanceof UnmadeAttachment)) throw err;
    return { status: 'failed', error: err.message };
  }
  if (!transport) return { status: 'kept' };
  try {
    const smtpResponse = await transport.send({
      from: config.mail.from,
      to: mail.recipient,
      // A mail about a thread is answered to its reply address when inbound mail is set up (decision 196).
      replyTo: mail.replyToken && inboundDomain ? replyAddress(mail.replyToken, inboundDomain) : mail.replyTo,
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
  deps: { db: Knex; config: Config; logger: Logger; instance?: InstanceState },
  options: MailWorkerOptions = {},
): MailWorker {
  const { db, config, logger } = deps;
  // /healthz's sign that this loop is alive (decision 174): a beat on every pass, at least every pollIntervalMs.
  const heartbeat = deps.instance?.mailWorker;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const attachmentSources = options.attachmentSources ?? {};
  const transport = transportFor(config, options, concurrency);
  const messageIdDomain = new URL(config.publicUrl).hostname;
  const inboundDomain = config.inbound.domain;
  const scrubKept = config.env === 'production';
  let renderer: Promise<RenderModule> | null = null;
  const rendered = new Set<string>();
  const setup: AttemptSetup = {
    ...{ db, config, logger, retry, attachmentSources, transport, messageIdDomain, inboundDomain, rendered },
    renderer: () => (renderer ??= import('./render-mail')),
  };

  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const unsubscribe = onMailQueued(wake);

  async function deliver(mail: MailRow): Promise<void> {
    try {
      const outcome = await attemptMail(mail, setup);
      await saveOutcome(db, logger, mail, outcome, { renderedNow: rendered.delete(mail.id), scrubKept });
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
      heartbeat?.beat();
      woken = false;
      const free = concurrency - inFlight.size;
      let claimed: MailRow[] = [];
      if (free > 0) {
        try {
          claimed = await claimDueMails(db, leaseMs, free);
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
  })().finally(() => heartbeat?.stop());

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
