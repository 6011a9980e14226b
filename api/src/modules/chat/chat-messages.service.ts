import type { Knex } from 'knex';
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

async function findByClientId(db: Knex, conversationId: string, clientId: string): Promise<MessageRow | undefined> {
  const result = await db.raw<{ rows: MessageRow[] }>(
    `select ${MESSAGE_COLUMNS} from chat_messages m where m.conversation_id = ? and m.client_id = ?`,
    [conversationId, clientId],
  );
  return result.rows[0];
}

/**
 * Stores a message, then (in the same transaction, so only once it is
 * committed) tells every instance. Updating the conversation row first locks
 * it: messages of one conversation commit in the order of their `seq`, which
 * is the order NOTIFY delivers them in.
 */
export async function storeMessage(db: Knex, input: NewMessage): Promise<StoredMessage> {
  if (input.clientId) {
    const existing = await findByClientId(db, input.conversationId, input.clientId);
    if (existing) return { duplicate: true, seq: existing.seq, message: toChatMessage(existing) };
  }
  const stored = await db.transaction(async (trx) => {
    const locked = await trx.raw<{ rows: ConversationRow[] }>(
      `update chat_conversations as c set last_message_at = now()
       where c.id = ? and c.status = 'active' returning ${CONVERSATION_COLUMNS}`,
      [input.conversationId],
    );
    const conversationRow = locked.rows[0];
    if (!conversationRow) return null;
    const inserted = await trx.raw<{ rows: MessageRow[] }>(
      `insert into chat_messages as m (conversation_id, sender_id, sender_type, message, client_id)
       values (?, ?, ?, ?, ?)
       on conflict (conversation_id, client_id) where client_id is not null do nothing
       returning ${MESSAGE_COLUMNS}`,
      [input.conversationId, input.senderId, input.senderType, input.text, input.clientId],
    );
    const row = inserted.rows[0];
    if (!row) return 'duplicate' as const;
    const message = toChatMessage(row);
    // The count was taken before this insert.
    const unreadCount = conversationRow.unreadCount + (input.senderType === 'visitor' ? 1 : 0);
    const conversation = toChatConversation({ ...conversationRow, unreadCount });
    await publishChatEvent(trx, { kind: 'message', seq: row.seq, message, conversation, origin: input.origin });
    return { duplicate: false as const, seq: row.seq, message, conversation };
  });
  if (stored === 'duplicate') {
    // Two resends raced; the other one stored it.
    const existing = await findByClientId(db, input.conversationId, input.clientId ?? '');
    if (!existing) throw new Error('chat message vanished after a client id conflict');
    return { duplicate: true, seq: existing.seq, message: toChatMessage(existing) };
  }
  if (stored) return stored;
  const exists = await db.raw<{ rows: unknown[] }>('select 1 from chat_conversations where id = ?', [
    input.conversationId,
  ]);
  throw exists.rows.length > 0 ? new ConversationClosedError() : new ConversationMissingError();
}

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

/** Messages of these conversations stored after `afterSeq`, in order (catching up after missed events). */
export async function loadMessagesSince(db: Knex, conversationIds: string[], afterSeq: number): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  const result = await db.raw<{ rows: MessageRow[] }>(
    `select ${MESSAGE_COLUMNS} from chat_messages m
     where m.conversation_id = any(?::uuid[]) and m.seq > ? order by m.seq`,
    [conversationIds, afterSeq],
  );
  return result.rows;
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
  const conversation = await db.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = ?`,
    [row.conversationId],
  );
  const conversationRow = conversation.rows[0];
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
  const senderType: ChatSenderType = input.readerType === 'admin' ? 'visitor' : 'admin';
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
    const conversation = await trx.raw<{ rows: ConversationRow[] }>(
      `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = ?`,
      [input.conversationId],
    );
    await publishChatEvent(trx, {
      kind: 'read',
      readerType: input.readerType,
      upToId: input.upToId,
      conversation: toChatConversation(conversation.rows[0]!),
    });
    return true;
  });
}
