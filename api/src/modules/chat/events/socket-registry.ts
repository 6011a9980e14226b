import type { Knex } from 'knex';
import type WebSocket from 'ws';
import type { ChatSenderType } from '@shared/schemas/chat';
import type { ServerFrame } from '@shared/schemas/chat-frames';
import type { StaffEvent } from '@shared/schemas/staff-events';
import type { ChatEvent, EventOrigin } from '../../../live/channels';
import { SerialTasks } from '../../../live/serial-tasks';
import type { Logger } from '../../../logger';
import { mayChat, type ChatParticipant } from '../chat-access';
import { ChatConnection, type SocketCredentials } from '../socket/connection';
import type { ChatEventOf } from './events';
import { ChatRooms } from './rooms';
import { StaffSockets } from './staff-sockets';
import { loadClosedConversations, loadMessageEvent, loadMissedMessages } from '../storage/messages';
import type { StaffPresence } from '../storage/presence';
import type { StaffMemberPresence } from '../storage/staff-presence';
import { toChatMessage, type ConversationRow } from '../storage/rows';

/** What a staff socket is told when its role does not (or no longer) answer chats. */
export const CHAT_NOT_ALLOWED = 'Your role may not answer live chats: this needs the chat permission';

/**
 * The socket registry: the sockets of one API instance and what they joined.
 * Every change reaches it as an event from PostgreSQL (its own changes too),
 * in commit order; it hands each socket the frames it should see, never the
 * same message twice. The conversations' sockets are `ChatRooms` (rooms.ts),
 * the staff feed, staff events and presence `StaffSockets` (staff-sockets.ts).
 */
export class SocketRegistry {
  private readonly connections = new Map<number, ChatConnection>();
  /** Sockets by the account they authenticated as. */
  private readonly byAccount = new Map<string, Set<ChatConnection>>();
  private nextConnectionId = 1;
  // Events are handled one after another, in the order PostgreSQL delivered them.
  private readonly tasks: SerialTasks;
  private readonly rooms: ChatRooms;
  private readonly staff: StaffSockets;

  constructor(
    private readonly db: Knex,
    logger: Logger,
    /** This instance (event origins name it). */
    readonly instanceId: string,
  ) {
    this.tasks = new SerialTasks(logger);
    this.staff = new StaffSockets(db, logger, instanceId, (online) => this.announcePresence(online));
    this.rooms = new ChatRooms(
      db,
      logger,
      instanceId,
      (id) => this.connections.get(id),
      () => this.staff.presence.isOnline,
    );
  }

  /** Whether any staff console is connected, on any instance. */
  get presence(): StaffPresence {
    return this.staff.presence;
  }

  /** Which staff member has a console open (decision 187). */
  get staffPresence(): StaffMemberPresence {
    return this.staff.staffPresence;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get isStaffOnline(): boolean {
    return this.staff.presence.isOnline;
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
    this.rooms.leaveAll(connection);
    this.staff.remove(connection);
  }

  origin(connection: ChatConnection): EventOrigin {
    return { instance: this.instanceId, connection: connection.id };
  }

  // ---- What a socket asks for (authorisation is the caller's) -------------------------------

  join(
    connection: ChatConnection,
    conversation: ConversationRow,
    role: ChatSenderType,
    afterId: string | null,
  ): Promise<void> {
    return this.rooms.join(connection, conversation, role, afterId);
  }

  leave(connection: ChatConnection, conversationId: string): void {
    this.rooms.leave(connection, conversationId);
  }

  subscribeFeed(connection: ChatConnection): void {
    this.staff.subscribeFeed(connection);
  }

  subscribeStaffEvents(connection: ChatConnection): void {
    this.staff.subscribeStaffEvents(connection);
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
      this.rooms.leave(connection, subscription.conversationId);
      lost = true;
    }
    if (this.staff.leaveFeed(connection)) lost = true;
    if (lost) connection.sendError('forbidden', CHAT_NOT_ALLOWED);
  }

  // ---- Events from PostgreSQL -------------------------------------------------------------

  /** An event from the live bus's chat channel. */
  receive(event: ChatEvent): void {
    if (event.kind === 'presence') {
      void this.staff.presence.refresh();
      return;
    }
    this.tasks.run(event.kind === 'message_ref' ? () => this.resolveReference(event) : () => this.dispatch(event));
  }

  /** A staff event from its channel: to the staff sockets that asked for them, in order with the chat's events. */
  receiveStaffEvent(event: StaffEvent): void {
    this.tasks.run(() => this.staff.toStaffEvents(event));
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
    if (conversationId) this.staff.toStaffEvents({ kind: 'chat.updated', id: conversationId });
    switch (event.kind) {
      case 'message':
        this.rooms.deliverMessage(event);
        this.staff.toFeed({
          type: 'conversation',
          reason: 'message',
          conversation: event.conversation,
          message: event.message,
        });
        return;
      case 'typing':
      case 'read':
      case 'closed': {
        this.rooms.deliverToRoom(event.kind === 'typing' ? event.conversationId : event.conversation.id, event);
        if (event.kind !== 'typing')
          this.staff.toFeed({ type: 'conversation', reason: event.kind, conversation: event.conversation });
        return;
      }
      case 'conversation':
        this.staff.toFeed({ type: 'conversation', reason: event.reason, conversation: event.conversation });
        return;
      case 'visitor_context':
        this.staff.toFeed({ type: 'visitor_context', context: event.context });
        return;
    }
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
      const after = this.rooms.lastSeqs();
      if (after.size > 0) {
        for (const row of await loadMissedMessages(this.db, after)) {
          this.rooms.deliverMessage({ kind: 'message', seq: row.seq, message: toChatMessage(row), origin: null });
        }
        for (const conversation of await loadClosedConversations(this.db, [...after.keys()])) {
          this.rooms.deliverToRoom(conversation.id, { kind: 'closed', conversation });
        }
      }
      this.staff.reset();
      await this.staff.presence.refresh();
    });
  }

  /** "Staff online" changed: told to every socket here that joined a conversation as a visitor. */
  private announcePresence(online: boolean): void {
    const text = JSON.stringify({ type: 'presence', staffOnline: online } satisfies ServerFrame);
    for (const connection of this.connections.values()) {
      if (connection.hasVisitorSubscription) connection.send(text);
    }
  }
}
