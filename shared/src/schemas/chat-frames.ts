import { z } from 'zod';
import { chatConversationSchema, chatMessageSchema, chatSenderTypes, chatText, chatVisitorContextSchema } from './chat';
import { staffEventSchema } from './staff-events';
import { uuid } from './text';

/**
 * The frames of WebSocket /ws/chat, as JSON text. The server, the web app and
 * the desktop console all parse with these schemas.
 *
 * Client → server: join, message (spec §7) plus leave, typing, read and
 * staff_feed, staff_events. Server → client: history, new_message (spec §7)
 * plus ack, typing, read, conversation_closed, survey, presence, conversation
 * (the staff feed), feed_reset, staff_event, staff_events_reset and error.
 */

/** The spec's clients send their user id; the server ignores it and uses the session. */
const claimedUserId = z.union([z.string().max(100), z.number(), z.null()]).optional();

export const joinFrame = z
  .object({
    type: z.literal('join'),
    conversationId: uuid,
    isAdmin: z.boolean().default(false),
    userId: claimedUserId,
    /** The last message the client already has: history then holds only newer ones. */
    afterId: uuid.nullable().optional(),
  })
  .strict();

export const messageFrame = z
  .object({
    type: z.literal('message'),
    conversationId: uuid,
    message: chatText,
    senderType: z.enum(chatSenderTypes),
    userId: claimedUserId,
    /** The client's own id for this message: resending it never stores it twice. */
    clientId: uuid.optional(),
  })
  .strict();

const leaveFrame = z.object({ type: z.literal('leave'), conversationId: uuid }).strict();

export const typingFrame = z
  .object({ type: z.literal('typing'), conversationId: uuid, isTyping: z.boolean() })
  .strict();

/** The reader has seen the other side's messages, up to `upToId` (default: all of them). */
export const readFrame = z.object({ type: z.literal('read'), conversationId: uuid, upToId: uuid.optional() }).strict();

/** Staff console: receive every new conversation and message, and count as "staff online". */
const staffFeedFrame = z.object({ type: z.literal('staff_feed') }).strict();

/** Staff console: receive staff events (orders, enquiries, …); does not count as "staff online" for chat. */
const staffEventsFrame = z.object({ type: z.literal('staff_events') }).strict();

export const clientFrameSchema = z.discriminatedUnion('type', [
  joinFrame,
  messageFrame,
  leaveFrame,
  typingFrame,
  readFrame,
  staffFeedFrame,
  staffEventsFrame,
]);
export type ClientFrame = z.input<typeof clientFrameSchema>;
export type ParsedClientFrame = z.output<typeof clientFrameSchema>;

const chatErrorCodes = [
  'invalid_frame',
  'invalid_message',
  'unauthorized',
  'forbidden',
  'not_found',
  'not_joined',
  'rate_limited',
  'conversation_closed',
  'unavailable',
] as const;
export type ChatErrorCode = (typeof chatErrorCodes)[number];

export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('history'),
    conversation: chatConversationSchema,
    messages: z.array(chatMessageSchema),
  }),
  z.object({ type: z.literal('new_message'), message: chatMessageSchema }),
  z.object({ type: z.literal('ack'), clientId: z.string().nullable(), message: chatMessageSchema }),
  z.object({
    type: z.literal('typing'),
    conversationId: z.string(),
    senderType: z.enum(chatSenderTypes),
    isTyping: z.boolean(),
  }),
  z.object({
    type: z.literal('read'),
    conversationId: z.string(),
    /** Whose reading it was: 'admin' read the visitor's messages, or the other way round. */
    readerType: z.enum(chatSenderTypes),
    upToId: z.string().nullable(),
  }),
  z.object({ type: z.literal('conversation_closed'), conversationId: z.string(), closedAt: z.string() }),
  z.object({ type: z.literal('presence'), staffOnline: z.boolean() }),
  z.object({
    type: z.literal('conversation'),
    reason: z.enum(['created', 'message', 'read', 'closed', 'updated']),
    conversation: chatConversationSchema,
    message: chatMessageSchema.optional(),
  }),
  /** Events may have been missed (the server lost its event stream for a while): reload the list. */
  z.object({ type: z.literal('feed_reset') }),
  /** Something staff consoles show changed (shared/src/schemas/staff-events.ts). */
  z.object({ type: z.literal('staff_event'), event: staffEventSchema }),
  /** Staff events may have been missed (the server lost its event stream for a while): reload everything. */
  z.object({ type: z.literal('staff_events_reset') }),
  /**
   * Visitor only, after conversation_closed: "How did we do?" (decision 191). The widget answers with
   * POST /api/feedback/{token}; when the visitor has no widget open the survey goes by email instead.
   */
  z.object({ type: z.literal('survey'), conversationId: z.string(), token: z.string(), question: z.string() }),
  /** Staff feed only: a visitor moved to another page, or their chat became a ticket. */
  z.object({ type: z.literal('visitor_context'), context: chatVisitorContextSchema }),
  z.object({
    type: z.literal('error'),
    code: z.enum(chatErrorCodes),
    message: z.string(),
    conversationId: z.string().optional(),
    clientId: z.string().optional(),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type ServerFrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

/** Close codes the server uses. 4xxx are final: reconnecting will not help. */
export const CHAT_CLOSE = {
  /** Server shutting down or restarting: reconnect. */
  goingAway: 1001,
  /** Flooding or a protocol violation. */
  policy: 1008,
  /** Frame over the size limit (set by the WebSocket library). */
  tooBig: 1009,
  /**
   * "Try Again Later": this browser session or network address already holds as many sockets as the server allows
   * (the reason says which). Clients retry with growing delays, as after a failed connection.
   */
  tryAgainLater: 1013,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
} as const;

export function isFinalCloseCode(code: number): boolean {
  return code >= 4400 && code < 4500;
}

/** The largest frame the server accepts, in bytes: a 2,000-character message is at most 8 KB of UTF-8. */
export const CHAT_MAX_FRAME_BYTES = 16 * 1024;
