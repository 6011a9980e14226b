import type { ChatConversation, ChatMessage, ChatSenderType, ChatStatus } from '@shared/schemas/chat';
import { toIso } from '../../../db/instants';

/**
 * Rows as the chat's SQL returns them (columns aliased to camelCase), and
 * their JSON form for clients. Messages keep `seq` on the server only: it
 * orders delivery and resumption but is never sent out.
 */
export interface MessageRow {
  id: string;
  seq: number;
  conversationId: string;
  message: string;
  senderType: ChatSenderType;
  createdAt: Date;
  isRead: boolean;
  clientId: string | null;
  /** Staff replies: the first name of who wrote it (null for the visitor's messages). */
  senderName: string | null;
}

export interface ConversationRow {
  id: string;
  visitorId: string;
  userId: string | null;
  visitorName: string;
  visitorEmail: string | null;
  status: ChatStatus;
  unreadCount: number;
  lastMessageAt: Date | null;
  createdAt: Date;
  closedAt: Date | null;
}

export const MESSAGE_COLUMNS = `m.id, m.seq, m.conversation_id as "conversationId", m.message, m.sender_type as "senderType",
  m.created_at as "createdAt", m.is_read as "isRead", m.client_id as "clientId", m.sender_name as "senderName"`;

const UNREAD_COUNT = `(select count(*) from chat_messages u
  where u.conversation_id = c.id and not u.is_read and u.sender_type = 'visitor')::int`;

export const CONVERSATION_COLUMNS = `c.id, c.visitor_id as "visitorId", c.user_id as "userId", c.visitor_name as "visitorName",
  c.visitor_email as "visitorEmail", c.status, c.last_message_at as "lastMessageAt", c.created_at as "createdAt",
  c.closed_at as "closedAt", ${UNREAD_COUNT} as "unreadCount"`;

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    message: row.message,
    senderType: row.senderType,
    createdAt: toIso(row.createdAt),
    isRead: row.isRead,
    clientId: row.clientId,
    ...(row.senderName ? { senderName: row.senderName } : {}),
  };
}

export function toChatConversation(row: ConversationRow): ChatConversation {
  return {
    id: row.id,
    visitorName: row.visitorName,
    visitorEmail: row.visitorEmail,
    status: row.status,
    unreadCount: row.unreadCount,
    lastMessageAt: toIso(row.lastMessageAt),
    createdAt: toIso(row.createdAt),
    closedAt: toIso(row.closedAt),
  };
}
