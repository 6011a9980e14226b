import { z } from 'zod';

/**
 * The outbox: every email the product sends, as staff read it
 * (GET /api/admin/outbox and /api/admin/outbox/{id}).
 *
 *  queued   — written, waiting for the mail worker
 *  sending  — a worker is delivering it now
 *  retrying — the SMTP server could not take it; it is tried again later
 *  sent     — the SMTP server accepted it
 *  failed   — refused for good (the server's answer is kept), or given up on
 *  kept     — no SMTP server is configured: rendered and kept here, not sent
 *  bounced  — sent, then a delivery-status notification came back for it (the reason is its lastError)
 */
export const mailStatuses = ['queued', 'sending', 'retrying', 'sent', 'failed', 'kept', 'bounced'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Not sent (no SMTP server)',
  bounced: 'Bounced',
};

export const OUTBOX_PAGE_SIZE_DEFAULT = 50;
export const OUTBOX_PAGE_SIZE_MAX = 100;

/** `<created_at in epoch microseconds>.<id>` of the last mail of the previous page. */
export const OUTBOX_CURSOR = /^\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** GET /api/admin/outbox?status=&before=&limit= */
export const outboxListQuerySchema = z
  .object({
    status: z.enum(mailStatuses, { error: `status must be one of ${mailStatuses.join(', ')}` }).optional(),
    /** The `nextCursor` of the previous page. */
    before: z.string().regex(OUTBOX_CURSOR, 'Invalid cursor').optional(),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1)
      .max(OUTBOX_PAGE_SIZE_MAX)
      .default(OUTBOX_PAGE_SIZE_DEFAULT),
  })
  .strict();
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;

/** A mail in the outbox list. */
export interface OutboxMailSummary {
  id: string;
  template: string;
  /** The recipient's address. */
  to: string;
  /** null until the worker has rendered it (moments after it was queued). */
  subject: string | null;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** ISO 8601. */
  createdAt: string;
  sentAt: string | null;
  /** When a queued or retrying mail is tried next. */
  nextAttemptAt: string | null;
}

export interface OutboxPage {
  mails: OutboxMailSummary[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** A file sent with a mail; its content is at GET /api/admin/outbox/{mail id}/attachments/{id}. */
export interface OutboxAttachment {
  id: string;
  filename: string;
  contentType: string;
  /** Bytes; null while a file the worker makes on sending (an invoice) is not made yet. */
  size: number | null;
}

/** One mail with everything that was (or will be) sent. */
export interface OutboxMailDetail extends OutboxMailSummary {
  from: string;
  replyTo: string | null;
  html: string | null;
  text: string | null;
  /** The SMTP server's answer when it accepted the mail. */
  smtpResponse: string | null;
  /**
   * The mail carries single-use links (a password reset, an address or
   * consultation confirmation) that are still live: `hidden` — replaced in
   * every field here, as always in production; `shown` — outside production
   * only, where the outbox is the developer's mailbox. null: none (or removed
   * after delivery).
   */
  secretLinks: 'hidden' | 'shown' | null;
  /** What caused the mail: one mail per key and recipient, ever. */
  idempotencyKey: string;
  updatedAt: string;
  /** Files sent with the mail, in order. */
  attachments: OutboxAttachment[];
}
