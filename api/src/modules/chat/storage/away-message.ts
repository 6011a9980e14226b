import type { Knex } from 'knex';
import { awayReply } from '@shared/business-hours-words';
import type { ChatConversation } from '@shared/schemas/chat';
import { publish } from '../../../live/publish';
import { readBusinessHours } from '../../settings/business-hours';
import { MESSAGE_COLUMNS, toChatMessage, type MessageRow } from './rows';

/**
 * The away reply (issue 26, decision 188): a chat started outside business
 * hours (a holiday included) gets one automatic message saying when the team
 * is back and that the reply will also go by email. It is stored as an
 * `admin` message marked `automatic = 'away'`, so it is never counted as a
 * staff response, never emailed as a reply, and at most one exists per
 * conversation: the unique index `chat_messages_one_away_unique` decides
 * between concurrent callers, on any number of instances.
 *
 * Runs in the caller's transaction; returns the message, or null when the
 * team is open or the conversation already has its away message.
 */
export async function postAwayMessage(
  trx: Knex.Transaction,
  conversation: ChatConversation,
  now: number = Date.now(),
): Promise<MessageRow | null> {
  const text = awayReply(await readBusinessHours(trx), now, { emailGiven: conversation.visitorEmail !== null });
  if (text === null) return null;
  const result = await trx.raw<{ rows: MessageRow[] }>(
    `insert into chat_messages as m (conversation_id, sender_type, message, automatic)
     values (?, 'admin', ?, 'away')
     on conflict (conversation_id) where automatic = 'away' do nothing
     returning ${MESSAGE_COLUMNS}`,
    [conversation.id, text],
  );
  const row = result.rows[0];
  if (!row) return null;
  await publish(trx, 'chat', {
    kind: 'message',
    seq: row.seq,
    message: toChatMessage(row),
    conversation,
    origin: null,
  });
  return row;
}
