import type { Knex } from 'knex';
import { enqueueMail, enqueueStaffAlert, type StaffAlertSettings } from '../../mail/outbox';
import { isStaffOnline } from './presence';
import type { ConversationRow, MessageRow } from './rows';

/** Staff are alerted about a conversation at most this often while no console is connected. */
export const STAFF_ALERT_INTERVAL_MINUTES = 10;

/**
 * In the transaction that stores visitor messages: when no staff console is
 * connected on any instance, an email to staff for each conversation that was
 * not alerted about in the last 10 minutes (the conversation row, locked by
 * the caller, remembers when).
 */
export async function queueStaffChatAlerts(
  trx: Knex.Transaction,
  stored: readonly MessageRow[],
  conversations: ReadonlyMap<string, ConversationRow>,
  mail: StaffAlertSettings,
): Promise<void> {
  const firstByConversation = new Map<string, MessageRow>();
  for (const row of stored) {
    if (row.senderType === 'visitor' && !firstByConversation.has(row.conversationId)) {
      firstByConversation.set(row.conversationId, row);
    }
  }
  if (firstByConversation.size === 0 || (await isStaffOnline(trx))) return;
  const due = await trx('chat_conversations')
    .whereIn('id', [...firstByConversation.keys()])
    .where((query) =>
      query
        .whereNull('staffAlertedAt')
        .orWhere('staffAlertedAt', '<=', trx.raw(`now() - make_interval(mins => ?)`, [STAFF_ALERT_INTERVAL_MINUTES])),
    )
    .update({ staffAlertedAt: trx.fn.now() })
    .returning<{ id: string }[]>('id');
  for (const { id } of due) {
    const message = firstByConversation.get(id)!;
    const conversation = conversations.get(id);
    await enqueueStaffAlert(trx, mail, 'chat', {
      template: 'staff-chat-message',
      data: {
        conversationId: id,
        visitorName: conversation?.visitorName ?? 'A visitor',
        visitorEmail: conversation?.visitorEmail ?? null,
        message: message.message,
      },
      idempotencyKey: `staff-chat-message:${message.id}`,
      replyTo: conversation?.visitorEmail ?? null,
    });
  }
}

export interface ReplyDigestTiming {
  /** Replies are emailed once staff have written nothing more for this long… */
  quietMs: number;
  /** …or once the oldest unread reply is this old, whichever comes first. */
  maxWaitMs: number;
}

export const DEFAULT_REPLY_DIGEST_TIMING: ReplyDigestTiming = { quietMs: 2 * 60_000, maxWaitMs: 10 * 60_000 };

/**
 * Staff replies a visitor has not read (they were not in the chat, or not
 * looking at it) are emailed to them when they left an address: all unread
 * replies of a conversation in one mail, once staff have paused. Each reply
 * is emailed at most once (`replies_emailed_seq`); conversations are taken
 * with SKIP LOCKED, so instances running this at once share the work.
 * Returns how many mails were queued.
 */
export async function emailUnreadReplies(
  db: Knex,
  timing: ReplyDigestTiming = DEFAULT_REPLY_DIGEST_TIMING,
): Promise<number> {
  return db.transaction(async (trx) => {
    const due = await trx.raw<{
      rows: { id: string; visitorName: string; visitorEmail: string; repliesEmailedSeq: number }[];
    }>(
      `select c.id, c.visitor_name as "visitorName", c.visitor_email as "visitorEmail",
              c.replies_emailed_seq as "repliesEmailedSeq"
       from chat_conversations c
       join lateral (
         select max(m.created_at) as newest, min(m.created_at) as oldest
         from chat_messages m
         where m.conversation_id = c.id and m.sender_type = 'admin' and m.automatic is null and not m.is_read
           and m.seq > c.replies_emailed_seq
       ) unread on unread.newest is not null
       where c.visitor_email is not null
         and (unread.newest <= now() - (? * interval '1 millisecond')
              or unread.oldest <= now() - (? * interval '1 millisecond'))
       order by unread.oldest
       limit 100
       for update of c skip locked`,
      [timing.quietMs, timing.maxWaitMs],
    );
    let queued = 0;
    for (const conversation of due.rows) {
      const replies = await trx('chat_messages')
        .where({ conversationId: conversation.id, senderType: 'admin', isRead: false })
        // An automatic message (the away reply) is not a reply worth an email of its own.
        .whereNull('automatic')
        .where('seq', '>', conversation.repliesEmailedSeq)
        .orderBy('seq')
        .select<{ seq: number; message: string; createdAt: Date }[]>('seq', 'message', 'createdAt');
      const last = replies.at(-1);
      if (!last) continue;
      queued += await enqueueMail(trx, {
        template: 'chat-replies',
        to: conversation.visitorEmail,
        data: {
          conversationId: conversation.id,
          visitorName: conversation.visitorName,
          replies: replies.map((reply) => ({ text: reply.message, sentAt: new Date(reply.createdAt).toISOString() })),
        },
        idempotencyKey: `chat-replies:${conversation.id}:${last.seq}`,
      });
      await trx('chat_conversations').where({ id: conversation.id }).update({ repliesEmailedSeq: last.seq });
    }
    return queued;
  });
}
