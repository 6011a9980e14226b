import type { Knex } from 'knex';
import { publish } from '../../live/publish';
import { recordQuoteEvent } from './quote-rows';

export interface EmailedQuoteReply {
  message: string;
  senderName: string | null;
  inboundEmailId: string;
  differentAddress: string | null;
  /** A quote settled (accepted, declined, expired, withdrawn…) longer ago than this takes no reply. */
  reopenDays: number;
}

const OPEN_STATUSES = new Set(['draft', 'sent', 'viewed']);

/**
 * The client's answer to a quote mail, by email (docs/inbound-email.md): an entry of the quote's timeline, and
 * staff hear of it live. A quote settled more than `reopenDays` ago takes none (a new enquiry links it instead).
 */
export async function addEmailedQuoteReply(
  trx: Knex.Transaction,
  quoteId: string,
  reply: EmailedQuoteReply,
): Promise<{ landed: true } | { landed: false; reason: 'unknown' | 'closed' }> {
  const row = (await trx('quotes')
    .select('id', 'status', 'updatedAt', 'customerName')
    .where({ id: quoteId })
    .forUpdate()
    .first()) as { id: string; status: string; updatedAt: Date; customerName: string } | undefined;
  if (!row) return { landed: false, reason: 'unknown' };
  const settledLongAgo =
    !OPEN_STATUSES.has(row.status) && new Date(row.updatedAt).getTime() < Date.now() - reply.reopenDays * 86_400_000;
  if (settledLongAgo) return { landed: false, reason: 'closed' };
  await recordQuoteEvent(trx, row.id, 'client_replied', null, {
    from: reply.senderName || row.customerName,
    message: reply.message,
    differentAddress: reply.differentAddress,
    inboundEmailId: reply.inboundEmailId,
  });
  await publish(trx, 'staff', { kind: 'quote.client_reply', id: row.id });
  return { landed: true };
}
