import type { Knex } from 'knex';
import { awayNoticeForEmail } from '@shared/business-hours-words';
import type { RateLimitRule } from '../../config';
import { countRateLimitHit } from '../../middleware/rate-limit';
import { enqueueMail } from '../mail/outbox';
import type { ThreadRef } from '../mail/reply-tokens';
import type { EnquiryData } from '../mail/templates/contact-acknowledgement';
import { readBusinessHours } from '../settings/business-hours';

export interface Acknowledgement {
  /** The enquiry (or request) acknowledged: the mail's idempotency key. */
  enquiryId: string;
  to: string;
  service: string;
  /** What they sent, echoed only to a signed-in client's own verified address (decision 157). */
  copy: EnquiryData | null;
  /**
   * The message came from an automatic sender (an `Auto-Submitted` mail, an
   * auto-responder): nothing is sent back, so two robots never answer each
   * other forever (RFC 3834).
   */
  autoSubmitted?: boolean;
  /** The thread a reply by email lands in (its Reply-To address, decision 196). */
  thread?: ThreadRef;
}

/**
 * Queues the "We received your message" mail in the caller's transaction:
 * at most a few a day to one address, never to an automatic sender, and
 * outside business hours it says when the team is back ("Our office is closed
 * right now: we're back Monday at 8:00 AM Central"). Returns whether a mail
 * was queued.
 */
export async function acknowledgeEnquiry(
  trx: Knex.Transaction,
  ack: Acknowledgement,
  perRecipient: RateLimitRule,
  now: number = Date.now(),
): Promise<boolean> {
  if (ack.autoSubmitted) return false;
  const recipient = ack.to.toLowerCase();
  const { count } = await countRateLimitHit(trx, `contact-acknowledgement:to:${recipient}`, perRecipient);
  if (count > perRecipient.limit) return false;
  const awayNotice = awayNoticeForEmail(await readBusinessHours(trx), now);
  await enqueueMail(trx, {
    template: 'contact-acknowledgement',
    to: ack.to,
    data: { service: ack.service, copy: ack.copy, awayNotice },
    idempotencyKey: `contact-acknowledgement:${ack.enquiryId}`,
    thread: ack.thread,
  });
  return true;
}
