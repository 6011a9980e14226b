import type {
  ChatConversation,
  ChatMessage,
  ChatMessageAutomatic,
  ChatSenderType,
  ChatStatus,
} from '@shared/schemas/chat';
import type { SlaState } from '@shared/schemas/service-levels';
import type { Priority } from '@shared/schemas/support';
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
  automatic: ChatMessageAutomatic | null;
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
  firstResponseDueAt: Date | null;
  firstResponseAt: Date | null;
  slaState: SlaState | null;
  /** The breach recorded for this chat (service_level_events), epoch milliseconds; null while none. */
  slaBreach: { dueAt: number; recordedAt: number; holderName: string | null } | null;
  priority: Priority;
  assigneeId: string | null;
  assigneeName: string | null;
  lastMessage: string | null;
  lastSenderType: ChatSenderType | null;
}

export const MESSAGE_COLUMNS = `m.id, m.seq, m.conversation_id as "conversationId", m.message, m.sender_type as "senderType",
  m.created_at as "createdAt", m.is_read as "isRead", m.client_id as "clientId", m.automatic,
  m.sender_name as "senderName"`;

const UNREAD_COUNT = `(select count(*) from chat_messages u
  where u.conversation_id = c.id and not u.is_read and u.sender_type = 'visitor')::int`;

/** The assignee's display name (as User.displayName). */
const ASSIGNEE_NAME = `(select coalesce(nullif(concat_ws(' ', a.first_name, a.last_name), ''), a.username)
  from users a where a.id = c.assignee_id)`;

/**
 * The chat's missed first response as the service-level engine recorded it (decision 192): when it was due, when
 * it was announced and who held the chat then (instants as epoch milliseconds: JSON has no timestamps).
 */
const SLA_BREACH = `(select json_build_object('dueAt', floor(extract(epoch from e.due_at) * 1000)::bigint,
    'recordedAt', floor(extract(epoch from e.created_at) * 1000)::bigint, 'holderName', e.holder_name)
  from service_level_events e where e.chat_conversation_id = c.id and e.kind = 'breached'
  order by e.created_at limit 1)`;

/** The newest message (its first characters), for the staff list's preview. */
export const PREVIEW_LENGTH = 140;
const lastMessage = (column: string) =>
  `(select ${column} from chat_messages l where l.conversation_id = c.id order by l.seq desc limit 1)`;

export const CONVERSATION_COLUMNS = `c.id, c.visitor_id as "visitorId", c.user_id as "userId", c.visitor_name as "visitorName",
  c.visitor_email as "visitorEmail", c.status, c.last_message_at as "lastMessageAt", c.created_at as "createdAt",
  c.closed_at as "closedAt", ${UNREAD_COUNT} as "unreadCount", c.priority, c.assignee_id as "assigneeId",
  ${ASSIGNEE_NAME} as "assigneeName", ${lastMessage(`left(l.message, ${PREVIEW_LENGTH})`)} as "lastMessage",
  ${lastMessage('l.sender_type')} as "lastSenderType", c.first_response_due_at as "firstResponseDueAt",
  c.first_response_at as "firstResponseAt", c.sla_state as "slaState", ${SLA_BREACH} as "slaBreach"`;

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    message: row.message,
    senderType: row.senderType,
    createdAt: toIso(row.createdAt),
    isRead: row.isRead,
    clientId: row.clientId,
    ...(row.automatic ? { automatic: row.automatic } : {}),
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
    firstResponseDueAt: toIso(row.firstResponseDueAt),
    firstResponseAt: toIso(row.firstResponseAt),
    slaState: row.slaState,
    slaBreach: row.slaBreach
      ? {
          dueAt: new Date(Number(row.slaBreach.dueAt)).toISOString(),
          recordedAt: new Date(Number(row.slaBreach.recordedAt)).toISOString(),
          holderName: row.slaBreach.holderName,
        }
      : null,
    priority: row.priority,
    assignee: row.assigneeId && row.assigneeName ? { id: row.assigneeId, name: row.assigneeName } : null,
    lastMessage:
      row.lastMessage !== null && row.lastSenderType
        ? { message: row.lastMessage, senderType: row.lastSenderType }
        : null,
  };
}

/** What a visitor is told of their own conversation: not who works it internally, its priority or its service level. */
export function forVisitor(conversation: ChatConversation): ChatConversation {
  const {
    priority: _priority,
    assignee: _assignee,
    firstResponseDueAt: _due,
    firstResponseAt: _answered,
    slaState: _state,
    slaBreach: _breach,
    ...visible
  } = conversation;
  return visible;
}
