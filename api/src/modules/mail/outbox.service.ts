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

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toOutboxMailSummary(row: MailRow): OutboxMailSummary {
  return {
    id: row.id,
    template: row.template,
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: iso(row.sentAt),
    nextAttemptAt: row.status === 'queued' || row.status === 'retrying' ? iso(row.nextAttemptAt) : null,
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
];
const CREATED_MICROS = '(extract(epoch from created_at) * 1000000)::bigint';

/** The outbox, newest first, a page at a time (keyset: created_at, id), optionally of one status. */
export async function listOutbox(db: Knex, query: OutboxListQuery): Promise<OutboxPage> {
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
    mails: page.map(toOutboxMailSummary),
    nextCursor: rows.length > query.limit && last ? `${last.createdMicros}.${last.id}` : null,
  };
}

/** One mail with its content, or undefined. */
export async function findOutboxMail(
  db: Knex,
  mailConfig: Pick<Config['mail'], 'from'>,
  id: string,
): Promise<OutboxMailDetail | undefined> {
  const row = await db('mails').where({ id }).first<MailRow | undefined>();
  if (!row) return undefined;
  const attachments = await db('mailAttachments')
    .where({ mailId: id })
    .orderBy('position')
    .select<OutboxAttachment[]>('id', 'filename', 'contentType', 'size');
  return {
    ...toOutboxMailSummary(row),
    from: mailConfig.from,
    replyTo: row.replyTo,
    html: row.htmlBody,
    text: row.textBody,
    smtpResponse: row.smtpResponse,
    idempotencyKey: row.idempotencyKey,
    updatedAt: new Date(row.updatedAt).toISOString(),
    attachments,
  };
}

/** One file of one mail, with its content, or undefined. */
export async function findOutboxAttachment(
  db: Knex,
  mailId: string,
  id: string,
): Promise<(OutboxAttachment & { content: Buffer | null }) | undefined> {
  return db('mailAttachments')
    .where({ mailId, id })
    .first<(OutboxAttachment & { content: Buffer | null }) | undefined>(
      'id',
      'filename',
      'contentType',
      'size',
      'content',
    );
}
