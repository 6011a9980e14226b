import type { MailStatus } from '@shared/schemas/outbox';

/** A row of the `mails` table (camelCase through knexSnakeCaseMappers). */
export interface MailRow {
  id: string;
  idempotencyKey: string;
  template: string;
  recipient: string;
  replyTo: string | null;
  data: unknown;
  secrets: string[] | null;
  subject: string | null;
  htmlBody: string | null;
  textBody: string | null;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  smtpResponse: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  /** The ticket, enquiry or quote the mail is about, if any. */
  threadKind: 'ticket' | 'enquiry' | 'quote' | null;
  threadId: string | null;
  /** The token of its reply address (reply+<token>@INBOUND_DOMAIN), for mails about a thread. */
  replyToken: string | null;
  bounceReason: string | null;
  bouncedAt: Date | null;
}
