import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { emailAddress } from '@shared/schemas/text';
import type { Config } from '../../config';
import type { MailData, MailTemplateName } from './templates';

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
  /** Values to remove from the stored mail once it is delivered (the tokens of single-use links). */
  secrets?: readonly string[];
  /** Deliver no earlier than this (mails that collect what happened for a while). */
  notBefore?: Date;
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
  const rows = recipients.map((recipient) => ({
    idempotencyKey: mail.idempotencyKey,
    template: mail.template,
    recipient,
    replyTo,
    data: JSON.stringify(mail.data),
    secrets: mail.secrets && mail.secrets.length > 0 ? [...mail.secrets] : null,
    ...(mail.notBefore ? { nextAttemptAt: mail.notBefore } : {}),
  }));
  const inserted = await db('mails')
    .insert(rows)
    .onConflict(['idempotencyKey', 'recipient'])
    .ignore()
    .returning<{ id: string }[]>('id');
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
 * Who gets staff alerts: STAFF_ALERT_EMAIL when set, else every staff account
 * that has an email address.
 */
export async function staffAlertRecipients(db: Knex | Knex.Transaction, mail: StaffAlertSettings): Promise<string[]> {
  if (mail.staffAlertEmails.length > 0) return mail.staffAlertEmails;
  const rows = await db('users')
    .where({ accountType: 'staff' })
    .whereNotNull('email')
    .orderBy('email')
    .select<{ email: string }[]>('email');
  return rows.map((row) => row.email);
}

/** A staff alert: the same mail to every staff recipient, one row each. */
export async function enqueueStaffAlert<Name extends MailTemplateName>(
  db: Knex | Knex.Transaction,
  config: StaffAlertSettings,
  mail: Omit<NewMail<Name>, 'to'>,
): Promise<number> {
  return enqueueMail(db, { ...mail, to: await staffAlertRecipients(db, config) } as NewMail<Name>);
}
