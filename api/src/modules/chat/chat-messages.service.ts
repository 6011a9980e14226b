import type { Knex } from 'knex';
import { otherSide } from '@shared/chat';
import type { ChatConversation, ChatMessage, ChatSenderType } from '@shared/schemas/chat';
import { publishChatEvent, type EventOrigin } from './chat-events';
import {
  CONVERSATION_COLUMNS,
  MESSAGE_COLUMNS,
  toChatConversation,
  toChatMessage,
  type ConversationRow,
  type MessageRow,
} from './chat-rows';
import { loadConversation } from './chat.service';

/** The most messages a history frame carries (the newest ones). */
export const HISTORY_LIMIT = 1000;

export class ConversationClosedError extends Error {
  override name = 'ConversationClosedError';
}
export class ConversationMissingError extends Error {
  override name = 'ConversationMissingError';
}

export interface NewMessage {
  conversationId: string;
  senderType: ChatSenderType;
  senderId: string | null;
  text: string;
  clientId: string | null;
  origin: EventOrigin | null;
}

export type StoredMessage =
  | { duplicate: false; seq: number; message: ChatMessage; conversation: ChatConversation }
  /** The client resent a message that is already stored: nothing changed. */
  | { duplicate: true; seq: number; message: ChatMessage };

export interface History {
  messages: MessageRow[];
  /** The cursor the joining socket starts from: the newest message it has been given. */
  lastSeq: number;
}

/**
 * A conversation's messages in order: all of them (up to HISTORY_LIMIT, the
 * newest), or only those after `afterId` when the client already has that one.
 */
export async function loadHistory(db: Knex, conversationId: string, afterId: string | null): Promise<History> {
  const result = await db.raw<{ rows: MessageRow[] }>(
    `with after as (
       select coalesce((select seq from chat_messages where id = ? and conversation_id = ?), 0) as seq
     )
     select ${MESSAGE_COLUMNS} from chat_messages m
     where m.conversation_id = ? and m.seq > (select seq from after)
     order by m.seq desc
     limit ?`,
    [afterId, conversationId, conversationId, HISTORY_LIMIT],
  );
  const messages = result.rows.reverse();
  let lastSeq = messages.at(-1)?.seq ?? 0;
  if (messages.length === 0 && afterId) {
    const after = await db.raw<{ rows: { seq: number }[] }>(
      'select seq from chat_messages where id = ? and conversation_id = ?',
      [afterId, conversationId],
    );
    lastSeq = after.rows[0]?.seq ?? 0;
  }
  return { messages, lastSeq };
}

/** Per conversation, the messages stored after the given `seq`, in order (catching up after missed events). */
export async function loadMissedMessages(db: Knex, after: ReadonlyMap<string, number>): Promise<MessageRow[]> {
  if (after.size === 0) return [];
  const ids = [...after.keys()];
  const result = await db.raw<{ rows: MessageRow[] }>(
    `select ${MESSAGE_COLUMNS}
     from unnest(?::uuid[], ?::bigint[]) as r(conversation_id, after_seq)
     join chat_messages m on m.conversation_id = r.conversation_id and m.seq > r.after_seq
     order by m.seq`,
    [ids, ids.map((id) => after.get(id) ?? 0)],
  );
  return result.rows;
}

/** Which of these conversations are closed. */
export async function loadClosedConversations(db: Knex, ids: string[]): Promise<ChatConversation[]> {
  if (ids.length === 0) return [];
  const result = await db.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = any(?::uuid[]) and c.status = 'closed'`,
    [ids],
  );
  return result.rows.map(toChatConversation);
}

/** A message and its conversation, for an event that was too large to carry them. */
export async function loadMessageEvent(
  db: Knex,
  messageId: string,
): Promise<{ seq: number; message: ChatMessage; conversation: ChatConversation } | null> {
  const result = await db.raw<{ rows: MessageRow[] }>(`select ${MESSAGE_COLUMNS} from chat_messages m where m.id = ?`, [
    messageId,
  ]);
  const row = result.rows[0];
  if (!row) return null;
  const conversationRow = await loadConversation(db, row.conversationId);
  if (!conversationRow) return null;
  return { seq: row.seq, message: toChatMessage(row), conversation: toChatConversation(conversationRow) };
}

/**
 * The reader has seen the other side's messages (all, or up to `upToId`).
 * Tells everyone when that changed anything.
 */
export async function markRead(
  db: Knex,
  input: { conversationId: string; readerType: ChatSenderType; upToId: string | null },
): Promise<boolean> {
  const senderType = otherSide(input.readerType);
  return db.transaction(async (trx) => {
    const updated = await trx.raw<{ rowCount: number }>(
      `update chat_messages set is_read = true
       where conversation_id = ? and sender_type = ? and not is_read
       ${input.upToId ? 'and seq <= (select seq from chat_messages where id = ? and conversation_id = ?)' : ''}`,
      input.upToId
        ? [input.conversationId, senderType, input.upToId, input.conversationId]
        : [input.conversationId, senderType],
    );
    if (updated.rowCount === 0) return false;
    const conversation = await loadConversation(trx, input.conversationId);
    await publishChatEvent(trx, {
      kind: 'read',
      readerType: input.readerType,
      upToId: input.upToId,
      conversation: toChatConversation(conversation!),
    });
    return true;
  });
}
