import WebSocket from 'ws';
import { CHAT_MESSAGE_RATE, type ChatSenderType } from '@shared/schemas/chat';
import type { ChatErrorCode, ServerFrame } from '@shared/schemas/chat-frames';
import type { ChatParticipant } from '../chat-access';
import type { RoomEvent } from '../events/events';
import { SlidingWindowLimit, TokenBucket } from './limits';

/** A client that stops reading while this much is queued for it is cut off. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Frames of any kind a socket may send: a burst of 60, then 6 per second. Beyond that it is flooding. */
const FRAME_BURST = 60;
/** Typing notices beyond this are dropped silently (clients send one every few seconds). */
const TYPING_BURST = 20;
const LIMIT_WINDOW_MS = 10_000;

/** What the socket authenticated with, to check again later (its session may have ended, its account been demoted). */
export interface SocketCredentials {
  /** Sockets with equal keys carry the same credentials: one check answers for all of them. */
  key: string;
  revalidate(): Promise<ChatParticipant | null>;
}

/** One socket's membership of one conversation. */
export interface Subscription {
  connection: ChatConnection;
  conversationId: string;
  role: ChatSenderType;
  /** `seq` of the newest message this socket has been given; older or equal ones are never sent again. */
  lastSeq: number;
  /** Events that arrived while the history was loading; delivered right after it. */
  pending: RoomEvent[] | null;
  closedSent: boolean;
}

/** One chat socket: who it is, what it joined, its limits, and how to answer it. */
export class ChatConnection {
  readonly subscriptions = new Map<string, Subscription>();
  /** Receives the staff feed (and counts as a staff console online). */
  feed = false;
  /** Receives staff events (orders, enquiries, …: a console that is open, on any screen). */
  staffEvents = false;
  /** Answered the last heartbeat ping. */
  alive = true;
  readonly messageLimit = new SlidingWindowLimit(CHAT_MESSAGE_RATE.limit, CHAT_MESSAGE_RATE.windowMs);
  readonly frameLimit = new TokenBucket(FRAME_BURST, LIMIT_WINDOW_MS);
  readonly typingLimit = new TokenBucket(TYPING_BURST, LIMIT_WINDOW_MS);
  private queue: Promise<void> = Promise.resolve();
  /** The account the socket authenticated as (null for a visitor without one); it never changes. */
  readonly accountId: string | null;

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
    public participant: ChatParticipant,
    readonly credentials: SocketCredentials,
  ) {
    this.accountId = participant.user?.id ?? null;
  }

  /** Runs `task` after every earlier one of this socket (tasks handle their own errors). */
  enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task, task);
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends a serialised frame; a client too slow to keep up is disconnected rather than buffered forever. */
  send(text: string): void {
    if (!this.isOpen) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  sendFrame(frame: ServerFrame): void {
    this.send(JSON.stringify(frame));
  }

  sendError(code: ChatErrorCode, message: string, details: { conversationId?: string; clientId?: string } = {}): void {
    this.sendFrame({ type: 'error', code, message, ...details });
  }

  /** An error frame, then the socket closed with `closeCode`. */
  fail(code: ChatErrorCode, message: string, closeCode: number, details: { conversationId?: string } = {}): void {
    this.sendError(code, message, details);
    if (this.isOpen) this.ws.close(closeCode, message.slice(0, 120));
  }

  get hasVisitorSubscription(): boolean {
    for (const subscription of this.subscriptions.values()) if (subscription.role === 'visitor') return true;
    return false;
  }

  get isStaffConnection(): boolean {
    if (this.feed || this.staffEvents) return true;
    for (const subscription of this.subscriptions.values()) if (subscription.role === 'admin') return true;
    return false;
  }
}
