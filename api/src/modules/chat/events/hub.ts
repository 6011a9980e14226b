import type { Knex } from 'knex';
import type WebSocket from 'ws';
import type { ChatSenderType } from '@shared/schemas/chat';
import type { ServerFrame } from '@shared/schemas/chat-frames';
import { staffEventPermissions, type StaffEvent } from '@shared/schemas/staff-events';
import { SURVEY_QUESTION } from '@shared/schemas/surveys';
import type { ChatEvent, EventOrigin } from '../../../live/channels';
import { SerialTasks } from '../../../live/serial-tasks';
import type { Logger } from '../../../logger';
import { mayChat, type ChatParticipant } from '../chat-access';
import { ChatConnection, type SocketCredentials, type Subscription } from '../socket/connection';
import type { ChatEventOf, RoomEvent } from './events';
import { loadClosedConversations, loadHistory, loadMessageEvent, loadMissedMessages } from '../storage/messages';
import { StaffPresence } from '../storage/presence';
import { askInWidget } from '../../surveys/surveys.service';
import { toChatConversation, toChatMessage, type ConversationRow } from '../storage/rows';

type MessageEvent = Extract<RoomEvent, { kind: 'message' }>;

/** What a staff socket is told when its role does not (or no longer) answer chats. */
export const CHAT_NOT_ALLOWED = 'Your role may not answer live chats: this needs the chat permission';

/**
 * The sockets of one API instance and what they joined. Every change reaches
 * it as an event from PostgreSQL (its own changes too), in commit order; it
 * hands each socket the frames it should see, never the same message twice.
 */
export class ChatHub {
  private readonly connections = new Map<number, ChatConnection>();
  /** Sockets by the account they authenticated as. */
  private readonly byAccount = new Map<string, Set<ChatConnection>>();
  private readonly rooms = new Map<string, Set<Subscription>>();
  private readonly feed = new Set<ChatConnection>();
  /** Sockets that asked for staff events (the live layer's `staff` channel). */
  private readonly staffEvents = new Set<ChatConnection>();
  private nextConnectionId = 1;
  private readonly newMessageFrames = new WeakMap<MessageEvent, string>();
  // Events are handled one after another, in the order PostgreSQL delivered them.
  private readonly tasks: SerialTasks;
  /** Whether any staff console is connected, on any instance. */
  readonly presence: StaffPresence;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    /** This instance (event origins name it). */
    readonly instanceId: string,
  ) {
    this.tasks = new SerialTasks(logger);
    this.presence = new StaffPresence(
      db,
      logger,
      this.instanceId,
      () => this.feed.size,
      (online) => this.announcePresence(online),
    );
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get isStaffOnline(): boolean {
    return this.presence.isOnline;
  }

  allConnections(): IterableIterator<ChatConnection> {
    return this.connections.values();
  }

  /** This instance's sockets of one account. */
  connectionsOf(accountId: string): ChatConnection[] {
    return [...(this.byAccount.get(accountId) ?? [])];
  }

  /** This instance's sockets that authenticated as an account (not as a visitor only). */
  accountConnections(): ChatConnection[] {
    return [...this.byAccount.values()].flatMap((sockets) => [...sockets]);
  }

  connect(ws: WebSocket, participant: ChatParticipant, credentials: SocketCredentials) {
    const connection = new ChatConnection(this.nextConnectionId++, ws, participant, credentials);
    this.connections.set(connection.id, connection);
    if (connection.accountId) {
      let sockets = this.byAccount.get(connection.accountId);
      if (!sockets) {
        sockets = new Set();
        this.byAccount.set(connection.accountId, sockets);
      }
      sockets.add(connection);
    }
    return connection;
  }

  disconnect(connection: ChatConnection): void {
    if (!this.connections.delete(connection.id)) return;
    if (connection.accountId) {
      const sockets = this.byAccount.get(connection.accountId);
      sockets?.delete(connection);
      if (sockets?.size === 0) this.byAccount.delete(connection.accountId);
    }
    for (const subscription of connection.subscriptions.values()) this.removeSubscription(subscription);
    connection.subscriptions.clear();
    connection.staffEvents = false;
    this.staffEvents.delete(connection);
    if (connection.feed) {
      connection.feed = false;
      this.feed.delete(connection);
      this.presence.report();
    }
  }

  origin(connection: ChatConnection): EventOrigin {
    return { instance: this.instanceId, connection: connection.id };
  }

  // ---- Events from PostgreSQL -------------------------------------------------------------

  /** An event from the live bus's chat channel. */
  receive(event: ChatEvent): void {
    if (event.kind === 'presence') {
      void this.presence.refresh();
      return;
    }
    this.tasks.run(event.kind === 'message_ref' ? () => this.resolveReference(event) : () => this.dispatch(event));
  }

  /** A staff event from its channel: to the staff sockets that asked for them, in order with the chat's events. */
  receiveStaffEvent(event: StaffEvent): void {
    this.tasks.run(() => this.toStaffEvents(event));
  }

  /** A staff event to the sockets whose role may see what it concerns (as the account is now: decision 167). */
  private toStaffEvents(event: StaffEvent): void {
    if (this.staffEvents.size === 0) return;
    const permission = staffEventPermissions[event.kind];
    const text = JSON.stringify({ type: 'staff_event', event } satisfies ServerFrame);
    for (const connection of this.staffEvents) if (connection.participant.user?.may(permission)) connection.send(text);
  }

  /**
   * After a socket's account was read again: what its role no longer allows
   * stops at once. Without `chat` it leaves the staff feed and the
   * conversations it joined as staff, and is told why (an error frame; the
   * socket stays open for the staff events it may still see). Staff events
   * are filtered as they are sent, by the account as it is now.
   */
  enforceRole(connection: ChatConnection): void {
    if (!connection.isOpen || !connection.participant.user?.isStaff || mayChat(connection.participant)) return;
    let lost = false;
    for (const subscription of [...connection.subscriptions.values()]) {
      if (subscription.role !== 'admin') continue;
      this.leave(connection, subscription.conversationId);
      lost = true;
    }
    if (connection.feed) {
      connection.feed = false;
      this.feed.delete(connection);
      this.presence.report();
      lost = true;
    }
    if (lost) connection.sendError('forbidden', CHAT_NOT_ALLOWED);
  }

  private async resolveReference(event: ChatEventOf<'message_ref'>): Promise<void> {
    const loaded = await loadMessageEvent(this.db, event.messageId);
    if (loaded) this.dispatch({ kind: 'message', ...loaded, origin: event.origin });
  }

  private dispatch(event: ChatEvent): void {
    // Consoles count waiting chats: any change to a conversation is a staff event too (no NOTIFY of its own).
    const conversationId =
      event.kind === 'message' || event.kind === 'read' || event.kind === 'closed' || event.kind === 'conversation'
        ? event.conversation.id
        : null;
    if (conversationId) this.toStaffEvents({ kind: 'chat.updated', id: conversationId });
    switch (event.kind) {
      case 'message':
        this.deliverMessage(event);
        this.toFeed({
          type: 'conversation',
          reason: 'message',
          conversation: event.conversation,
          message: event.message,
        });
        return;
      case 'typing':
      case 'read':
      case 'closed': {
        this.deliverToRoom(event.kind === 'typing' ? event.conversationId : event.conversation.id, event);
        if (event.kind !== 'typing')
          this.toFeed({ type: 'conversation', reason: event.kind, conversation: event.conversation });
        return;
      }
      case 'conversation':
        this.toFeed({ type: 'conversation', reason: event.reason, conversation: event.conversation });
        return;
      case 'visitor_context':
        this.toFeed({ type: 'visitor_context', context: event.context });
        return;
    }
  }

  private toFeed(frame: ServerFrame): void {
    if (this.feed.size === 0) return;
    const text = JSON.stringify(frame);
    for (const connection of this.feed) connection.send(text);
  }

  /**
   * A stored message to the sockets in its conversation (each through
   * deliverTo). A sender that left the conversation before its message was
   * stored still gets its acknowledgement.
   */
  private deliverMessage(event: MessageEvent): void {
    const { message } = event;
    this.deliverToRoom(message.conversationId, event);
    const sender = event.origin?.instance === this.instanceId ? this.connections.get(event.origin.connection) : null;
    if (sender && !sender.subscriptions.has(message.conversationId)) {
      sender.sendFrame({ type: 'ack', clientId: message.clientId, message });
    }
  }

  private deliverToRoom(conversationId: string, event: RoomEvent): void {
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
      conversation: toChatConversation(conversation),
      messages: history.messages.map(toChatMessage),
    });
    if (role === 'visitor') connection.sendFrame({ type: 'presence', staffOnline: this.presence.isOnline });
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

  private removeSubscription(subscription: Subscription): void {
    const room = this.rooms.get(subscription.conversationId);
    if (!room) return;
    room.delete(subscription);
    if (room.size === 0) this.rooms.delete(subscription.conversationId);
  }

  subscribeFeed(connection: ChatConnection): void {
    if (connection.feed) return;
    connection.feed = true;
    this.feed.add(connection);
    this.presence.report();
  }

  subscribeStaffEvents(connection: ChatConnection): void {
    connection.staffEvents = true;
    this.staffEvents.add(connection);
  }

  // ---- Catching up after the event stream was interrupted ----------------------------------

  /**
   * The listener lost its connection and got it back: events in between were
   * never delivered. Sends every socket the messages it is missing and any
   * closings, and tells staff consoles to reload their lists. Later events
   * wait until this is done.
   */
  resync(): void {
    this.tasks.run(async () => {
      const after = new Map<string, number>();
      for (const [conversationId, room] of this.rooms) {
        let lowest = Number.MAX_SAFE_INTEGER;
        for (const subscription of room) if (!subscription.pending) lowest = Math.min(lowest, subscription.lastSeq);
        if (lowest !== Number.MAX_SAFE_INTEGER) after.set(conversationId, lowest);
      }
      if (after.size > 0) {
        for (const row of await loadMissedMessages(this.db, after)) {
          this.deliverMessage({ kind: 'message', seq: row.seq, message: toChatMessage(row), origin: null });
        }
        for (const conversation of await loadClosedConversations(this.db, [...after.keys()])) {
          this.deliverToRoom(conversation.id, { kind: 'closed', conversation });
        }
      }
      this.toFeed({ type: 'feed_reset' });
      const reset = JSON.stringify({ type: 'staff_events_reset' } satisfies ServerFrame);
      for (const connection of this.staffEvents) connection.send(reset);
      await this.presence.refresh();
    });
  }

  private announcePresence(online: boolean): void {
    const text = JSON.stringify({ type: 'presence', staffOnline: online } satisfies ServerFrame);
    for (const connection of this.connections.values()) {
      if (connection.hasVisitorSubscription) connection.send(text);
    }
  }
}
