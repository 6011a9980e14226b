import type { Knex } from 'knex';
import type { ChatSenderType } from '@shared/schemas/chat';
import type { ServerFrame } from '@shared/schemas/chat-frames';
import { SURVEY_QUESTION } from '@shared/schemas/surveys';
import type { EventOrigin } from '../../../live/channels';
import type { Logger } from '../../../logger';
import type { ChatConnection, Subscription } from '../socket/connection';
import type { RoomEvent } from './events';
import { loadHistory } from '../storage/messages';
import { askInWidget } from '../../surveys/surveys.service';
import { forVisitor, toChatConversation, toChatMessage, type ConversationRow } from '../storage/rows';

export type MessageEvent = Extract<RoomEvent, { kind: 'message' }>;

/**
 * The conversations one instance's sockets joined (part of the socket
 * registry): joining with the history, leaving, and handing each socket in a
 * conversation the frames of its events — every message once, in order.
 */
export class ChatRooms {
  private readonly rooms = new Map<string, Set<Subscription>>();
  private readonly newMessageFrames = new WeakMap<MessageEvent, string>();

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    /** This instance (event origins name it). */
    private readonly instanceId: string,
    /** This instance's socket with an id (the sender of a message). */
    private readonly connectionById: (id: number) => ChatConnection | undefined,
    /** Whether any staff console is online (told to a visitor who joins). */
    private readonly staffOnline: () => boolean,
  ) {}

  // ---- Joining and leaving ------------------------------------------------------------------

  /**
   * Adds the socket to a conversation (authorisation is the caller's) and
   * sends its history, or only what came after `afterId`. The socket is in
   * the room before the history is read, and events arriving meanwhile wait
   * in `pending`: nothing falls between the history and the live stream.
   */
  async join(
    connection: ChatConnection,
    conversation: ConversationRow,
    role: ChatSenderType,
    afterId: string | null,
  ): Promise<void> {
    this.leave(connection, conversation.id);
    const subscription: Subscription = {
      connection,
      conversationId: conversation.id,
      role,
      lastSeq: 0,
      pending: [],
      closedSent: conversation.status === 'closed',
    };
    connection.subscriptions.set(conversation.id, subscription);
    let room = this.rooms.get(conversation.id);
    if (!room) {
      room = new Set();
      this.rooms.set(conversation.id, room);
    }
    room.add(subscription);
    let history;
    try {
      history = await loadHistory(this.db, conversation.id, afterId);
    } catch (err) {
      this.removeSubscription(subscription);
      connection.subscriptions.delete(conversation.id);
      throw err;
    }
    // Left (or the socket closed) while the history was loading.
    if (connection.subscriptions.get(conversation.id) !== subscription) return;
    subscription.lastSeq = history.lastSeq;
    connection.sendFrame({
      type: 'history',
      conversation:
        role === 'visitor' ? forVisitor(toChatConversation(conversation)) : toChatConversation(conversation),
      messages: history.messages.map(toChatMessage),
    });
    if (role === 'visitor') connection.sendFrame({ type: 'presence', staffOnline: this.staffOnline() });
    const pending = subscription.pending ?? [];
    subscription.pending = null;
    for (const event of pending) this.deliverTo(subscription, event);
    // The widget opened (or reloaded) on a chat already closed: its survey, if still unanswered, is asked again.
    if (role === 'visitor' && conversation.status === 'closed') this.askSurvey(subscription);
  }

  leave(connection: ChatConnection, conversationId: string): void {
    const subscription = connection.subscriptions.get(conversationId);
    if (!subscription) return;
    connection.subscriptions.delete(conversationId);
    this.removeSubscription(subscription);
  }

  /** A socket that closed: out of every conversation it joined. */
  leaveAll(connection: ChatConnection): void {
    for (const subscription of connection.subscriptions.values()) this.removeSubscription(subscription);
    connection.subscriptions.clear();
  }

  private removeSubscription(subscription: Subscription): void {
    const room = this.rooms.get(subscription.conversationId);
    if (!room) return;
    room.delete(subscription);
    if (room.size === 0) this.rooms.delete(subscription.conversationId);
  }

  /**
   * For catching up: each joined conversation with the oldest `seq` its
   * sockets have (sockets still loading their history are left out: their
   * history will have it).
   */
  lastSeqs(): Map<string, number> {
    const after = new Map<string, number>();
    for (const [conversationId, room] of this.rooms) {
      let lowest = Number.MAX_SAFE_INTEGER;
      for (const subscription of room) if (!subscription.pending) lowest = Math.min(lowest, subscription.lastSeq);
      if (lowest !== Number.MAX_SAFE_INTEGER) after.set(conversationId, lowest);
    }
    return after;
  }

  // ---- Delivering ---------------------------------------------------------------------------

  /**
   * A stored message to the sockets in its conversation (each through
   * deliverTo). A sender that left the conversation before its message was
   * stored still gets its acknowledgement.
   */
  deliverMessage(event: MessageEvent): void {
    const { message } = event;
    this.deliverToRoom(message.conversationId, event);
    const sender = event.origin?.instance === this.instanceId ? this.connectionById(event.origin.connection) : null;
    if (sender && !sender.subscriptions.has(message.conversationId)) {
      sender.sendFrame({ type: 'ack', clientId: message.clientId, message });
    }
  }

  deliverToRoom(conversationId: string, event: RoomEvent): void {
    for (const subscription of this.rooms.get(conversationId) ?? []) this.deliverTo(subscription, event);
  }

  /** Whether an event came from this socket (on this instance). */
  private cameFrom(origin: EventOrigin | null, connection: ChatConnection): boolean {
    return origin?.instance === this.instanceId && origin.connection === connection.id;
  }

  /** The new_message frame of a message, serialised once however many sockets get it. */
  private newMessageText(event: MessageEvent): string {
    let text = this.newMessageFrames.get(event);
    if (text === undefined) {
      text = JSON.stringify({ type: 'new_message', message: event.message } satisfies ServerFrame);
      this.newMessageFrames.set(event, text);
    }
    return text;
  }

  /** One event for one socket (used for rooms, and to flush what arrived during a join). */
  private deliverTo(subscription: Subscription, event: RoomEvent): void {
    const { connection } = subscription;
    if (subscription.pending) {
      subscription.pending.push(event);
      return;
    }
    switch (event.kind) {
      case 'message':
        // Each socket gets a message once, in order: the sender an ack, everyone else new_message.
        if (event.seq <= subscription.lastSeq) return;
        subscription.lastSeq = event.seq;
        if (this.cameFrom(event.origin, connection)) {
          connection.sendFrame({ type: 'ack', clientId: event.message.clientId, message: event.message });
        } else {
          connection.send(this.newMessageText(event));
        }
        return;
      case 'typing':
        if (this.cameFrom(event.origin, connection)) return;
        connection.sendFrame({
          type: 'typing',
          conversationId: event.conversationId,
          senderType: event.senderType,
          isTyping: event.isTyping,
        });
        return;
      case 'read':
        connection.sendFrame({
          type: 'read',
          conversationId: event.conversation.id,
          readerType: event.readerType,
          upToId: event.upToId,
        });
        return;
      case 'closed':
        if (subscription.closedSent) return;
        subscription.closedSent = true;
        connection.sendFrame({
          type: 'conversation_closed',
          conversationId: event.conversation.id,
          closedAt: event.conversation.closedAt ?? new Date().toISOString(),
        });
        if (subscription.role === 'visitor') this.askSurvey(subscription);
        return;
    }
  }

  /**
   * The visitor's widget is open on a conversation that just closed (or is
   * opened on one closed before): ask its satisfaction survey there (decision
   * 191), unless it went by email or was answered. A failure only means the
   * survey goes by email as it would have without the widget.
   */
  private askSurvey(subscription: Subscription): void {
    const { connection, conversationId } = subscription;
    askInWidget(this.db, conversationId).then(
      (token) => {
        if (token && connection.subscriptions.get(conversationId) === subscription) {
          connection.sendFrame({ type: 'survey', conversationId, token, question: SURVEY_QUESTION });
        }
      },
      (err: unknown) => this.logger.warn({ err, conversationId }, 'survey not asked in the widget'),
    );
  }
}
