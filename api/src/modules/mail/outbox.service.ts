import type { Knex } from 'knex';
import type {
  OutboxAttachment,
  OutboxListQuery,
  OutboxMailDetail,
  OutboxMailSummary,
  OutboxPage,
} from '@shared/schemas/outbox';
import type { Config } from '../../config';
import type { MailRow } from './mail-row';
import { redactSecrets } from './mail-secrets';
import { toIso } from '../../db/instants';

/** What staff see in place of a secret in production. */
export const SECRET_HIDDEN = '[hidden: a single-use link for the recipient only]';

/**
 * Whether staff may see the secrets of mails (the tokens of single-use links):
 * never in production, in any status, whoever asks (docs/decisions/153).
 * Outside production the outbox is the developer's only mailbox: they are
 * shown there, and marked as such.
 */
export interface OutboxViewer {
  showSecrets: boolean;
}

export const outboxViewerFor = (config: Pick<Config, 'env'>): OutboxViewer => ({
  showSecrets: config.env !== 'production',
});

/** A stored text as staff may see it. */
function visible<T extends string | null>(row: Pick<MailRow, 'secrets'>, value: T, viewer: OutboxViewer): T {
  return viewer.showSecrets ? value : redactSecrets(value, row.secrets ?? [], SECRET_HIDDEN);
}

function toOutboxMailSummary(row: MailRow, viewer: OutboxViewer): OutboxMailSummary {
  return {
    id: row.id,
    template: row.template,
    to: row.recipient,
    subject: visible(row, row.subject, viewer),
    status: row.status,
    attempts: row.attempts,
    lastError: visible(row, row.lastError, viewer),
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: toIso(row.sentAt),
    nextAttemptAt: row.status === 'queued' || row.status === 'retrying' ? toIso(row.nextAttemptAt) : null,
  };
}

const SUMMARY_COLUMNS = [
  'id',
  'template',
  'recipient',
  'subject',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
  'nextAttemptAt',
  'secrets',
];
const CREATED_MICROS = '(extract(epoch from created_at) * 1000000)::bigint';

/** The outbox, newest first, a page at a time (keyset: created_at, id), optionally of one status. */
export async function listOutbox(db: Knex, query: OutboxListQuery, viewer: OutboxViewer): Promise<OutboxPage> {
  const builder = db('mails')
    .select(SUMMARY_COLUMNS)
    .select(db.raw(`${CREATED_MICROS} as created_micros`))
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit + 1);
  if (query.status) builder.where({ status: query.status });
  if (query.before) {
    const [micros = '0', id = ''] = query.before.split('.');
    // Whole seconds and microseconds apart: both exact, whatever the arithmetic.
    const seconds = Math.floor(Number(micros) / 1_000_000);
    builder.whereRaw(
      `(created_at, id) < (timestamptz 'epoch' + ? * interval '1 second' + ? * interval '1 microsecond', ?::uuid)`,
      [seconds, Number(micros) - seconds * 1_000_000, id],
    );
  }
  const rows = (await builder) as (MailRow & { createdMicros: number })[];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    mails: page.map((row) => toOutboxMailSummary(row, viewer)),
    nextCursor: rows.length > query.limit && last ? `${last.createdMicros}.${last.id}` : null,
  };
}

/** One mail with its content, or undefined. */
export async function findOutboxMail(
  db: Knex,
  mailConfig: Pick<Config['mail'], 'from'>,
  viewer: OutboxViewer,
  id: string,
): Promise<OutboxMailDetail | undefined> {
  const row = await db('mails').where({ id }).first<MailRow | undefined>();
  if (!row) return undefined;
  const attachments = await db('mail_attachments')
    .where({ mailId: id })
    .orderBy('position')
    .select<OutboxAttachment[]>('id', 'filename', 'contentType', 'size');
  const hasSecrets = (row.secrets ?? []).length > 0;
  return {
    ...toOutboxMailSummary(row, viewer),
    from: mailConfig.from,
    replyTo: row.replyTo,
    html: visible(row, row.htmlBody, viewer),
    text: visible(row, row.textBody, viewer),
    smtpResponse: visible(row, row.smtpResponse, viewer),
    secretLinks: hasSecrets ? (viewer.showSecrets ? 'shown' : 'hidden') : null,
    idempotencyKey: row.idempotencyKey,
    updatedAt: new Date(row.updatedAt).toISOString(),
    attachments,
  };
}

/**
 * One file of one mail, with its content, or undefined. In production a file
 * that holds one of the mail's secrets (as text) has them hidden like the body.
 */
export async function findOutboxAttachment(
  db: Knex,
  viewer: OutboxViewer,
  mailId: string,
  id: string,
): Promise<(OutboxAttachment & { content: Buffer | null }) | undefined> {
  const file = await db('mail_attachments as a')
    .join('mails as m', 'm.id', 'a.mailId')
    .where({ 'a.mailId': mailId, 'a.id': id })
    .first<(OutboxAttachment & { content: Buffer | null; secrets: string[] | null }) | undefined>(
      'a.id',
      'a.filename',
      'a.contentType',
      'a.size',
      'a.content',
      'm.secrets',
    );
  if (!file) return undefined;
  const { secrets, ...attachment } = file;
  if (viewer.showSecrets || !attachment.content || !secrets?.length) return attachment;
  const text = attachment.content.toString('utf8');
  const hidden = redactSecrets(text, secrets, SECRET_HIDDEN);
  if (hidden === text) return attachment;
  const content = Buffer.from(hidden, 'utf8');
  return { ...attachment, content, size: content.length };
}

export interface OutboxBacklog {
  /** Mails waiting to be delivered (queued, being delivered, or waiting to be retried). */
  pending: number;
  /** How long ago the oldest of them was written, in whole seconds; null when none waits. */
  oldestPendingSeconds: number | null;
}

/**
 * The outbox's backlog for /healthz (decision 174): one query over the mails still to deliver, which the
 * (status, created_at) index answers without reading delivered mail.
 */
export async function outboxBacklog(db: Knex): Promise<OutboxBacklog> {
  const result = await db.raw<{ rows: { pending: number; oldest: number | null }[] }>(
    `select count(*)::int as pending, floor(extract(epoch from now() - min(created_at)))::int as oldest
     from mails where status in ('queued', 'retrying', 'sending')`,
  );
  const row = result.rows[0]!;
  return { pending: row.pending, oldestPendingSeconds: row.oldest };
}
