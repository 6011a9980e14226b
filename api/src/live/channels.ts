import type { ChatConversation, ChatMessage, ChatSenderType, ChatVisitorContext } from '@shared/schemas/chat';
import { staffEventSchema, type StaffEvent } from '@shared/schemas/staff-events';
import { isUuid } from '@shared/schemas/text';

/**
 * Every channel live events travel on between API instances, with the events
 * it carries (decision 160). One API instance tells all of them (itself
 * included) through PostgreSQL NOTIFY, published inside the transaction that
 * made the change (publish.ts), so PostgreSQL delivers an event only once it
 * is committed, to every listener (bus.ts), in commit order.
 *
 * A channel's `name` is what PostgreSQL knows it by: it never changes (running
 * instances, and the accounts channel's triggers, use it).
 */

// ---- chat: conversations, messages, typing, presence (modules/chat) ----------------------

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

const CHAT_KINDS = new Set<ChatEvent['kind']>([
  'message',
  'message_ref',
  'typing',
  'read',
  'closed',
  'conversation',
  'presence',
  'visitor_context',
]);

// ---- accounts: a session of an account ended, or its role changed (modules/auth) ---------

/**
 * Published by PostgreSQL itself, so no code path can forget it: triggers
 * (migration 20261123079000) send `{"userId": …}` when rows of `sessions` are
 * deleted and when `users.account_type` changes (decision 079).
 */
export interface AccountChange {
  userId: string;
}

// ---- sessions: what could make an instance's in-memory copy of a session wrong (modules/auth) ----

/**
 * Published by PostgreSQL's triggers (migration 20261126200100): a session's
 * data, user or expiry changed or it ended (`sid`: the hex SHA-256 of its id),
 * or an account's row changed (`userId`). Decision 172.
 */
export type SessionCacheChange = { sid: string } | { userId: string };

const SHA256_HEX = /^[0-9a-f]{64}$/;

// ---- the registry -------------------------------------------------------------------------

type Publisher = 'code' | 'database';

interface ChannelSpec<E, P extends Publisher = Publisher> {
  /** The PostgreSQL channel. */
  name: string;
  /** Who publishes: the code through publish(), or the database's own triggers (publish() does not take the channel). */
  publishedBy: P;
  /** An event from a payload; null for anything that is not one (listeners never see it). */
  decode(payload: string): E | null;
  /** Checks an event before it is published (throws when it is not one). */
  check?(event: E): E;
  /** What to send instead of an event too large for NOTIFY; without it (or null) such an event is an error. */
  shrink?(event: E): E | null;
}

function parseJson(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

function channel<E, P extends Publisher = 'code'>(spec: ChannelSpec<E, P>): ChannelSpec<E, P> {
  return spec;
}

export const liveChannels = {
  /** Chat events (modules/chat); each instance's chat socket registry hands them to its sockets. */
  chat: channel<ChatEvent>({
    name: 'northstar_chat',
    publishedBy: 'code',
    // Checked by kind only: the socket registry decodes every message of every conversation; only our code publishes.
    decode(payload) {
      const event = parseJson(payload) as { kind?: unknown } | null | undefined;
      if (!event || typeof event !== 'object' || !CHAT_KINDS.has(event.kind as ChatEvent['kind'])) return null;
      return event as ChatEvent;
    },
    // Other events carry only bounded fields (a name of 100 characters, an email of 254).
    shrink: (event) =>
      event.kind === 'message'
        ? {
            kind: 'message_ref',
            messageId: event.message.id,
            conversationId: event.message.conversationId,
            origin: event.origin,
          }
        : null,
  }),
  /**
   * What staff consoles should see as it happens (decision 100): an order paid,
   * an enquiry received… Each instance's chat socket registry sends them to its staff
   * sockets that asked for them, as `staff_event` frames.
   */
  staff: channel<StaffEvent>({
    name: 'northstar_staff',
    publishedBy: 'code',
    decode(payload) {
      const parsed = staffEventSchema.safeParse(parseJson(payload));
      return parsed.success ? parsed.data : null;
    },
    check: (event) => staffEventSchema.parse(event),
  }),
  /** Each instance's chat sockets of the account read their session again (chat/socket/recheck.ts). */
  accounts: channel<AccountChange, 'database'>({
    name: 'northstar_accounts',
    publishedBy: 'database',
    decode(payload) {
      const parsed = parseJson(payload) as { userId?: unknown } | null | undefined;
      return isUuid(parsed?.userId) ? { userId: parsed.userId } : null;
    },
  }),
  /** Each instance drops its in-memory copy of the session or of the account's sessions (auth/session-cache.ts). */
  sessions: channel<SessionCacheChange, 'database'>({
    name: 'northstar_sessions',
    publishedBy: 'database',
    decode(payload) {
      const parsed = parseJson(payload) as { sid?: unknown; userId?: unknown } | null | undefined;
      if (typeof parsed?.sid === 'string' && SHA256_HEX.test(parsed.sid)) return { sid: parsed.sid };
      return isUuid(parsed?.userId) ? { userId: parsed.userId } : null;
    },
  }),
  /**
   * The shop's catalogue changed (decision 108): each instance drops its
   * snapshot of it. The payload says nothing more, so anything on the channel
   * counts.
   */
  catalogue: channel<'changed'>({
    name: 'northstar_catalog',
    publishedBy: 'code',
    decode: () => 'changed',
  }),
};

export type LiveChannel = keyof typeof liveChannels;
/** The event a channel carries. */
export type LiveEvent<C extends LiveChannel> = (typeof liveChannels)[C] extends ChannelSpec<infer E> ? E : never;
/** The channels the code publishes on (not the ones PostgreSQL's triggers do). */
export type PublishedChannel = {
  [C in LiveChannel]: (typeof liveChannels)[C] extends ChannelSpec<LiveEvent<C>, 'code'> ? C : never;
}[LiveChannel];
