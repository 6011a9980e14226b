import { EventEmitter } from 'node:events';
import { rolesWith, type Permission } from '@shared/staff-roles';
import type { Knex } from 'knex';
import { emailAddress } from '@shared/schemas/text';
import type { Config } from '../../config';
import { secretsOfMail } from './mail-secrets';
import type { MailData, MailTemplateName } from './templates';
import { replyTokenFor, type ThreadRef } from './reply-tokens';

/**
 * Writing mails. A business change and the mails it causes are written in one
 * transaction: the mail exists exactly when the change does. The mail worker
 * (mail-worker.ts) delivers it afterwards. See docs/decisions/081.
 */
export interface NewMail<Name extends MailTemplateName> {
  template: Name;
  /** One address or several: each recipient gets a mail (and an outbox row) of their own. */
  to: string | readonly string[];
  data: MailData<Name>;
  /**
   * The event that causes the mail, e.g. `order-receipt:<order id>`. A mail is
   * written once per key and recipient: writing it again changes nothing.
   */
  idempotencyKey: string;
  replyTo?: string | null;
  /**
   * Values never shown to staff in production and removed from the stored mail
   * once it is delivered (the tokens of single-use links), besides those its
   * template declares (mail-secrets.ts).
   */
  secrets?: readonly string[];
  /** Deliver no earlier than this (mails that collect what happened for a while). */
  notBefore?: Date;
  /** Files sent with the mail (at most 5 MB in all), stored with it in the outbox. */
  attachments?: readonly MailAttachment[];
  /**
   * The ticket, enquiry or quote the mail is about: each recipient's copy then gets that thread's reply address
   * for them (`reply+<token>@INBOUND_DOMAIN`, when inbound mail is set up) and replies land in the thread.
   */
  thread?: ThreadRef;
}

/**
 * A file sent with a mail: its content, or its `source` ("<kind>:<id>", e.g.
 * `invoice:<order id>`), which the mail worker makes when it first sends the
 * mail (MailWorkerOptions.attachmentSources) and keeps with it.
 */
export type MailAttachment = {
  /** The name the recipient sees, e.g. `invoice-2026-000123.pdf` (no folders, no control characters). */
  filename: string;
  /** A MIME type, e.g. `application/pdf` or `text/calendar; method=REQUEST`. */
  contentType: string;
} & ({ content: Buffer; source?: never } | { source: string; content?: never });

/** The most a mail's attachments may weigh together: SMTP servers commonly refuse mails over 10 MB once encoded. */
export const MAIL_ATTACHMENTS_MAX_BYTES = 5 * 1024 * 1024;
const hasControlCharacter = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f');
const CONTENT_TYPE =
  /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;\s*[a-z0-9_.-]+=("[^"\r\n]*"|[^\s;"]+))*$/i;

/** Attachments are made by our own code (invoices, invites): anything wrong with them is a bug. */
function checkAttachments(attachments: readonly MailAttachment[]): void {
  let total = 0;
  for (const file of attachments) {
    const name = file.filename;
    const unusable =
      name.length === 0 || name.length > 200 || /[\\/]/.test(name) || hasControlCharacter(name) || name.trim() !== name;
    if (unusable || /^\.+$/.test(name)) {
      throw new Error(`enqueueMail: unusable attachment name: ${JSON.stringify(file.filename)}`);
    }
    if (!CONTENT_TYPE.test(file.contentType)) {
      throw new Error(`enqueueMail: not a MIME type: ${JSON.stringify(file.contentType)}`);
    }
    if (file.source !== undefined) {
      if (!/^[a-z][a-z-]*:\S{1,200}$/.test(file.source)) {
        throw new Error(`enqueueMail: not an attachment source: ${JSON.stringify(file.source)}`);
      }
      continue;
    }
    if (!Buffer.isBuffer(file.content)) throw new Error('enqueueMail: attachment content must be a Buffer');
    total += file.content.length;
  }
  if (total > MAIL_ATTACHMENTS_MAX_BYTES) {
    throw new Error(`enqueueMail: attachments weigh ${total} bytes, over the ${MAIL_ATTACHMENTS_MAX_BYTES} allowed`);
  }
}

const queued = new EventEmitter();

/** Calls `listener` whenever this process has written mails (once they are committed). */
export function onMailQueued(listener: () => void): () => void {
  queued.on('queued', listener);
  return () => queued.off('queued', listener);
}

function announce(): void {
  queued.emit('queued');
}

function isTransaction(db: Knex | Knex.Transaction): db is Knex.Transaction {
  return 'executionPromise' in db && (db as Knex.Transaction).isTransaction === true;
}

function address(value: string): string {
  const parsed = emailAddress.safeParse(value);
  // Addresses are checked where they enter the system (forms, configuration); this is a bug.
  if (!parsed.success) throw new Error(`enqueueMail: not an email address: ${JSON.stringify(value)}`);
  return parsed.data.toLowerCase();
}

/**
 * Takes back a mail not yet picked up for sending (still `queued`, e.g. one
 * held by `notBefore`): true when it was withdrawn. A mail the worker is
 * already sending is left alone (its row lock orders the two).
 */
export async function withdrawQueuedMail(db: Knex | Knex.Transaction, idempotencyKey: string): Promise<boolean> {
  const deleted = await db('mails').where({ idempotencyKey, status: 'queued' }).delete();
  return deleted > 0;
}

/**
 * Writes a mail to the outbox in the caller's transaction (or at once, given
 * the database itself). Returns how many rows were new: 0 when this event's
 * mail to these recipients was written before.
 */
export async function enqueueMail<Name extends MailTemplateName>(
  db: Knex | Knex.Transaction,
  mail: NewMail<Name>,
): Promise<number> {
  const recipients = [...new Set((typeof mail.to === 'string' ? [mail.to] : mail.to).map(address))];
  if (recipients.length === 0) return 0;
  const replyTo = mail.replyTo ? address(mail.replyTo) : null;
  const attachments = mail.attachments ?? [];
  checkAttachments(attachments);
  // A mail and its files are written together or not at all.
  if (attachments.length > 0 && !isTransaction(db)) return db.transaction((trx) => enqueueMail(trx, mail));
  const secrets = [...new Set([...(mail.secrets ?? []), ...secretsOfMail(mail.template, mail.data)])];
  const tokens = new Map<string, string>();
  if (mail.thread) {
    for (const recipient of recipients) tokens.set(recipient, await replyTokenFor(db, mail.thread, recipient));
  }
  const rows = recipients.map((recipient) => ({
    ...(mail.thread
      ? { threadKind: mail.thread.kind, threadId: mail.thread.id, replyToken: tokens.get(recipient) ?? null }
      : {}),
    idempotencyKey: mail.idempotencyKey,
    template: mail.template,
    recipient,
    replyTo,
    data: JSON.stringify(mail.data),
    secrets: secrets.length > 0 ? secrets : null,
    ...(mail.notBefore ? { nextAttemptAt: mail.notBefore } : {}),
  }));
  const inserted = await db('mails')
    .insert(rows)
    .onConflict(['idempotencyKey', 'recipient'])
    .ignore()
    .returning<{ id: string }[]>('id');
  // Only the rows written now get the files: a mail written before keeps what it had.
  if (attachments.length > 0 && inserted.length > 0) {
    await db('mail_attachments').insert(
      inserted.flatMap(({ id }) =>
        attachments.map((file, position) => ({
          mailId: id,
          position,
          filename: file.filename,
          contentType: file.contentType,
          source: file.source ?? null,
          size: file.content?.length ?? null,
          content: file.content ?? null,
        })),
      ),
    );
  }
  if (inserted.length > 0) {
    // Wake this process's worker once the mail can be seen: after the commit.
    if (isTransaction(db)) db.executionPromise.then(announce, () => undefined);
    else announce();
  }
  return inserted.length;
}

/** What staff alerts need from the configuration. */
export type StaffAlertSettings = Pick<Config['mail'], 'staffAlertEmails'>;

/**
 * Who gets staff alerts: STAFF_ALERT_EMAIL when set, else every active staff
 * account with an email address whose role may see what the alert is about
 * (`audience`: decision 167).
 */
export async function staffAlertRecipients(
  db: Knex | Knex.Transaction,
  mail: StaffAlertSettings,
  audience: Permission,
): Promise<string[]> {
  if (mail.staffAlertEmails.length > 0) return mail.staffAlertEmails;
  const rows = await db('users')
    .where({ accountType: 'staff' })
    .whereIn('staffRole', rolesWith(audience))
    .whereNull('deactivatedAt')
    .whereNotNull('email')
    .orderBy('email')
    .select<{ email: string }[]>('email');
  return rows.map((row) => row.email);
}

/** A staff alert: the same mail to every staff recipient whose role may see what it is about, one row each. */
export async function enqueueStaffAlert<Name extends MailTemplateName>(
  db: Knex | Knex.Transaction,
  config: StaffAlertSettings,
  audience: Permission,
  mail: Omit<NewMail<Name>, 'to'>,
): Promise<number> {
  return enqueueMail(db, { ...mail, to: await staffAlertRecipients(db, config, audience) } as NewMail<Name>);
}
