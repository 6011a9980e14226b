import { backoffDelay } from '@shared/backoff';
import { chatSocketUrl } from '@shared/chat-socket';
import {
  CHAT_CLOSE,
  isFinalCloseCode,
  serverFrameSchema,
  type ClientFrame,
  type ServerFrame,
} from '@shared/schemas/chat-frames';

/**
 * The one /ws/chat socket client of the web app and the desktop console, in
 * lib/ because the chat, the chat widget and the console's staff events
 * (staff-events.tsx) all use it (decision 160): where
 * to connect, reconnecting with backoff, and frames checked against the
 * shared schemas. The desktop console points it elsewhere with
 * configureChatSocket(); the web app never calls that.
 */

interface ChatSocketSettings {
  /** The /ws/chat URL; by default the page's own origin (ws:// or wss://). */
  url: () => string;
  /** WebSocket subprotocols, e.g. a credential for clients that cannot send cookies. */
  protocols?: () => string | string[] | undefined;
}

function defaultChatSocketUrl(): string {
  return chatSocketUrl(window.location.origin);
}

let settings: ChatSocketSettings = { url: defaultChatSocketUrl };

export function configureChatSocket(next: ChatSocketSettings): void {
  settings = next;
}

export type ChatConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The part of the browser's WebSocket this client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

interface ChatSocketHandlers {
  /** Connected (again): join conversations here. */
  onOpen(): void;
  onFrame(frame: ServerFrame): void;
  onStatus(status: ChatConnectionStatus): void;
  /** A connection attempt failed (not called again until a connection succeeds). */
  onConnectError?(): void;
  /** The server refused for good (not logged in, not allowed, not found): no more retries. */
  onFinalClose?(code: number, reason: string): void;
}

interface ChatSocketOptions {
  createSocket?: (url: string, protocols?: string | string[]) => WebSocketLike;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

const OPEN = 1;

export class ChatSocket {
  private socket: WebSocketLike | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private reportedFailure = false;
  private readonly createSocket: (url: string, protocols?: string | string[]) => WebSocketLike;

  constructor(
    private readonly handlers: ChatSocketHandlers,
    private readonly options: ChatSocketOptions = {},
  ) {
    this.createSocket =
      options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as WebSocketLike);
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  connect(): void {
    this.stopped = false;
    this.open(false);
  }

  /** Sends a frame if connected; false when it could not be sent. */
  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Closes for good (the widget was closed, the page left). */
  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close(1000, 'Closed');
    }
    this.handlers.onStatus('closed');
  }

  private open(retrying: boolean): void {
    this.handlers.onStatus(retrying ? 'reconnecting' : 'connecting');
    let socket: WebSocketLike;
    try {
      socket = this.createSocket(settings.url(), settings.protocols?.());
    } catch {
      this.failed();
      return;
    }
    this.socket = socket;
    let opened = false;
    const before = { attempt: this.attempt, reportedFailure: this.reportedFailure };
    socket.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.reportedFailure = false;
      this.handlers.onStatus('open');
      this.handlers.onOpen();
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const frame = serverFrameSchema.safeParse(parsed);
      // A frame this client does not know (a newer server) is skipped, not fatal.
      if (frame.success) this.handlers.onFrame(frame.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (isFinalCloseCode(event.code)) {
        this.stopped = true;
        this.handlers.onStatus('closed');
        this.handlers.onFinalClose?.(event.code, event.reason);
        return;
      }
      if (event.code === CHAT_CLOSE.tryAgainLater) {
        // Let in and sent away at once (too many sockets for this session or address): a failed attempt, so
        // the delays keep growing and the outage is reported once.
        this.attempt = before.attempt;
        this.reportedFailure = before.reportedFailure;
        this.failed();
        return;
      }
      if (!opened) this.failed();
      else this.scheduleReconnect();
    };
    socket.onerror = () => {
      // onclose follows and decides what to do.
    };
  }

  private failed(): void {
    if (!this.reportedFailure) {
      this.reportedFailure = true;
      this.handlers.onConnectError?.();
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.handlers.onStatus('reconnecting');
    const delay = backoffDelay(
      this.attempt,
      this.options.minBackoffMs ?? 500,
      this.options.maxBackoffMs ?? 15_000,
      this.options.random ?? Math.random,
    );
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.open(true);
    }, delay);
  }
}
