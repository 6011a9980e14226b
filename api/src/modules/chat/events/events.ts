import type { Knex } from 'knex';
import type { ChatConversation, ChatMessage, ChatSenderType, ChatVisitorContext } from '@shared/schemas/chat';

/**
 * What one API instance tells all of them (itself included) through
 * PostgreSQL NOTIFY. Events are published inside the transaction that made
 * the change, so PostgreSQL delivers them only once it is committed, to every
 * listener, in commit order.
 */

export const CHAT_CHANNEL = 'northstar_chat';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7999;

/** The socket a change came from, so its own instance can answer it (ack) or skip it (typing). */
export interface EventOrigin {
  instance: string;
  connection: number;
}

export type ChatEvent =
  | {
      kind: 'message';
      seq: number;
      message: ChatMessage;
      conversation: ChatConversation;
      origin: EventOrigin | null;
    }
  /** A message too large to carry in a NOTIFY payload: listeners load it by id. */
  | { kind: 'message_ref'; messageId: string; conversationId: string; origin: EventOrigin | null }
  | {
      kind: 'typing';
      conversationId: string;
      senderType: ChatSenderType;
      isTyping: boolean;
      origin: EventOrigin;
    }
  | {
      kind: 'read';
      readerType: ChatSenderType;
      upToId: string | null;
      conversation: ChatConversation;
    }
  | { kind: 'closed'; conversation: ChatConversation }
  | { kind: 'conversation'; reason: 'created' | 'updated'; conversation: ChatConversation }
  /** Some instance's count of staff consoles changed: recompute "staff online". */
  | { kind: 'presence' }
  /** Staff feed: the visitor's page changed, or the chat became a ticket (paths are at most 500 characters). */
  | { kind: 'visitor_context'; context: ChatVisitorContext };

export type ChatEventOf<K extends ChatEvent['kind']> = Extract<ChatEvent, { kind: K }>;

/** What the sockets in a conversation are told (a message event's conversation summary is for the staff feed). */
export type RoomEvent =
  | { kind: 'message'; seq: number; message: ChatMessage; origin: EventOrigin | null }
  | ChatEventOf<'typing'>
  | ChatEventOf<'read'>
  | ChatEventOf<'closed'>;

/** The NOTIFY payload for an event, replacing a message by a reference when it would not fit. */
export function encodeChatEvent(event: ChatEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) <= NOTIFY_MAX_BYTES) return payload;
  if (event.kind === 'message') {
    return JSON.stringify({
      kind: 'message_ref',
      messageId: event.message.id,
      conversationId: event.message.conversationId,
      origin: event.origin,
    } satisfies ChatEvent);
  }
  // Other events carry only bounded fields (a name of 100 characters, an email of 254).
  throw new Error(`chat event ${event.kind} is too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
}

const KINDS = new Set<ChatEvent['kind']>([
  'message',
  'message_ref',
  'typing',
  'read',
  'closed',
  'conversation',
  'presence',
  'visitor_context',
]);

/** Parses a payload from the channel; anything that is not one of our events is ignored (null). */
export function decodeChatEvent(payload: string): ChatEvent | null {
  try {
    const event = JSON.parse(payload) as { kind?: unknown } | null;
    if (!event || typeof event !== 'object' || !KINDS.has(event.kind as ChatEvent['kind'])) return null;
    return event as ChatEvent;
  } catch {
    return null;
  }
}

/** Publishes an event; inside a transaction it is delivered on commit, and not at all on rollback. */
export async function publishChatEvent(db: Knex | Knex.Transaction, event: ChatEvent): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [CHAT_CHANNEL, encodeChatEvent(event)]);
}
