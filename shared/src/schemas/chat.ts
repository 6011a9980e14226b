import { z } from 'zod';
import { slaFilterSchema, slaStates } from './sla-states';
import { chatSenderTypes } from '../chat';
import { prioritySchema } from './support';
import { optionalEmailAddress, singleLine, uuid } from './text';

export * from '../chat';

/**
 * Live chat: the REST payloads and the shapes every chat frame carries.
 * The WebSocket frames themselves are in ./chat-frames.ts.
 */

export const CHAT_MESSAGE_MAX = 2000;
const VISITOR_NAME_MAX = 100;
/** Spec/issue: at most 10 messages per 10 seconds per socket. */
export const CHAT_MESSAGE_RATE = { limit: 10, windowMs: 10_000 } as const;

const chatStatuses = ['active', 'closed'] as const;
export type ChatStatus = (typeof chatStatuses)[number];

// Control characters other than tab and newline never belong in a chat message (PostgreSQL can't store U+0000).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_MESSAGE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Characters as PostgreSQL's char_length counts them (code points, not UTF-16 units). */
export function characterCount(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

/** Message text: 1–2000 characters after trimming, never blank. */
export const chatText = z
  .string()
  .trim()
  .min(1, 'Message cannot be empty')
  .refine(
    (value) => characterCount(value) <= CHAT_MESSAGE_MAX,
    `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  )
  .refine((value) => !FORBIDDEN_IN_MESSAGE.test(value), 'Message contains invalid characters');

const visitorName = singleLine(VISITOR_NAME_MAX, 'Name').min(1, 'Please enter your name to start chatting');

/** A page of the site as the widget reports it: its path and query, never another host. */
export const visitorPage = singleLine(500, 'page').regex(/^\/(?!\/)/, 'page must be a path on this site');

/** POST /api/chat/conversations (`page`: where the chat was started; optional for older clients). */
export const startChatSchema = z
  .object({
    visitorName,
    visitorEmail: optionalEmailAddress,
    page: visitorPage.optional(),
  })
  .strict();

/** POST /api/chat/conversations/{id}/page: the visitor moved to another page. */
export const visitorPageSchema = z.object({ page: visitorPage }).strict();

/** What staff see beside a chat: where the visitor started and is now, and their account if logged in. */
export const chatVisitorContextSchema = z.object({
  conversationId: z.string(),
  startPage: z.string().nullable(),
  currentPage: z.string().nullable(),
  currentPageAt: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The service request this chat became, if any. */
  serviceRequestId: z.string().nullable(),
});
export type ChatVisitorContext = z.infer<typeof chatVisitorContextSchema>;

/** PATCH /api/chat/conversations/{id}: the visitor leaves an email so staff can answer later. */
export const updateChatContactSchema = z.object({ visitorEmail: optionalEmailAddress }).strict();

/**
 * GET /api/chat/conversations query string: newest activity first (or most
 * urgent first with `sort=priority`), filtered by status, priority and
 * assignee (`none` or a staff member's id), searched by visitor name,
 * email and message text (`q`).
 */
export const listChatQuerySchema = z
  .object({
    limit: z.coerce.number().int('limit must be an integer').min(1).max(200).default(50),
    status: z.enum(chatStatuses).optional(),
    priority: prioritySchema.optional(),
    /** A staff member's id (the caller's own: the Mine view), or `none` for unassigned chats. */
    assigneeId: z.union([z.literal('none'), uuid]).optional(),
    q: z
      .string()
      .trim()
      .max(200, 'q must be at most 200 characters')
      .optional()
      .transform((value) => (value ? value : undefined)),
    sort: z.enum(['activity', 'priority'], { error: 'sort must be one of activity, priority' }).default('activity'),
    /** The X-Next-Cursor of the previous page (with `sort=priority`, the priority rank comes first: `<rank>.`). */
    /** Open chats near (`at_risk`) or past (`breached`) their first-response target (decision 192). */
    sla: slaFilterSchema.optional(),
    /** The X-Next-Cursor of the previous page. */
    before: z
      .string()
      .regex(/^(?:[0-3]\.)?\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Invalid cursor')
      .optional(),
  })
  .strict();
export type ListChatQuery = z.output<typeof listChatQuerySchema>;

/** A stored message as every client sees it. */
export const chatMessageAutomaticKinds = ['away'] as const;
export type ChatMessageAutomatic = (typeof chatMessageAutomaticKinds)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  message: z.string(),
  senderType: z.enum(chatSenderTypes),
  createdAt: z.string(),
  isRead: z.boolean(),
  /** The sender's own id for the message, so its pending copy can be matched (null for older clients). */
  clientId: z.string().nullable(),
  /**
   * Set on a message no person wrote: `away`, the reply outside business hours (decision 188). Such a message is
   * sent as `admin` but is never a staff response (service levels skip it); absent on every other message.
   */
  automatic: z.enum(chatMessageAutomaticKinds).optional(),
  /** A staff reply's author as the visitor sees it (their first name; absent on the visitor's own messages). */
  senderName: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A conversation in the staff list (and the visitor's own view of it). */
export const chatConversationSchema = z.object({
  id: z.string(),
  visitorName: z.string(),
  visitorEmail: z.string().nullable(),
  status: z.enum(chatStatuses),
  /** Visitor messages staff have not read yet. */
  unreadCount: z.number(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Staff only (issue 26): how urgent it is, and who answers it. A visitor's own view has neither. */
  priority: prioritySchema.optional(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** The newest message's first 140 characters and who wrote it (the staff list's preview). */
  lastMessage: z
    .object({ message: z.string(), senderType: z.enum(chatSenderTypes) })
    .nullable()
    .optional(),
  /** When staff's first reply is due (business time; decision 192); staff consoles show it. */
  firstResponseDueAt: z.string().nullable().optional(),
  /** When staff first replied (an automatic message never counts); staff only. */
  firstResponseAt: z.string().nullable().optional(),
  /** The first-response clock's state; null once the chat closed unanswered before it was due. */
  slaState: z.enum(slaStates).nullable().optional(),
  /**
   * Staff only: the missed first response, as recorded when it was announced (decision 192) — when the reply was
   * due, when the breach was recorded, and who held the chat then (null: nobody). Null while the chat has none.
   */
  slaBreach: z
    .object({ dueAt: z.string(), recordedAt: z.string(), holderName: z.string().nullable() })
    .nullable()
    .optional(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** PATCH /api/admin/chat/conversations/{id}: staff set a chat's priority and/or assignee (null unassigns). */
export const updateStaffChatSchema = z
  .object({
    priority: prioritySchema.optional(),
    assigneeId: uuid.nullable().optional(),
  })
  .strict()
  .refine((body) => body.priority !== undefined || body.assigneeId !== undefined, {
    message: 'Nothing to change: give priority or assigneeId',
    path: ['priority'],
  });
export type UpdateStaffChat = z.output<typeof updateStaffChatSchema>;

/** GET /api/chat/status */
export interface ChatServiceStatus {
  staffOnline: boolean;
}

/** "Anonymous" when a conversation has no usable name (spec §2). */
export function conversationDisplayName(conversation: Pick<ChatConversation, 'visitorName'>): string {
  return conversation.visitorName.trim() || 'Anonymous';
}

/** When a conversation last changed: its last message, else its start. Newest first sorts by this. */
export function conversationActivity(conversation: Pick<ChatConversation, 'lastMessageAt' | 'createdAt'>): string {
  return conversation.lastMessageAt ?? conversation.createdAt;
}
