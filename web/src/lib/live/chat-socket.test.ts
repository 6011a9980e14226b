import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSocket, configureChatSocket, type ChatConnectionStatus, type WebSocketLike } from './chat-socket';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  sent: string[] = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: ChatConnectionStatus[] = [];
  const handlers = {
    onOpen: vi.fn(),
    onFrame: vi.fn(),
    onStatus: (status: ChatConnectionStatus) => statuses.push(status),
    onConnectError: vi.fn(),
    onFinalClose: vi.fn(),
  };
  const client = new ChatSocket(handlers, {
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    minBackoffMs: 100,
    maxBackoffMs: 1000,
    random: () => 1,
  });
  return { client, sockets, statuses, handlers };
}

describe('chat socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    configureChatSocket({ url: () => 'wss://chat.example.com/ws/chat' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to the configured URL and parses frames with the shared schema', () => {
    const { client, sockets, handlers } = setup();
    client.connect();
    expect(sockets[0]!.url).toBe('wss://chat.example.com/ws/chat');
    sockets[0]!.open();
    expect(handlers.onOpen).toHaveBeenCalledTimes(1);
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'presence', staffOnline: true }) });
    sockets[0]!.onmessage?.({ data: 'not json' });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'something_new' }) });
    expect(handlers.onFrame.mock.calls).toEqual([[{ type: 'presence', staffOnline: true }]]);
    expect(client.send({ type: 'leave', conversationId: '5b0f7f3e-2a4c-4c7e-9d52-0d6d7a1f9b10' })).toBe(true);
    expect(sockets[0]!.sent).toHaveLength(1);
  });

  it('reconnects with growing delays, reports the outage once, and re-joins when back', () => {
    const { client, sockets, handlers, statuses } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.drop(1001);
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(client.send({ type: 'staff_feed' })).toBe(false);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(199);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.drop();
    expect(handlers.onConnectError).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    sockets[3]!.open();
    expect(handlers.onOpen).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe('open');
  });

  it('treats "try again later" (1013: too many sockets) as a failed attempt: growing delays, reported once', () => {
    const { client, sockets, handlers, statuses } = setup();
    client.connect();
    for (const [i, delay] of [100, 200, 400, 800, 1000].entries()) {
      sockets[i]!.open();
      sockets[i]!.drop(1013);
      expect(statuses.at(-1)).toBe('reconnecting');
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(i + 2);
    }
    expect(handlers.onConnectError).toHaveBeenCalledTimes(1);
    expect(handlers.onFinalClose).not.toHaveBeenCalled();
    // Let in at last: the next outage starts from the shortest delay again.
    sockets[5]!.open();
    sockets[5]!.drop(1001);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(7);
    client.close();
  });

  it('stops for good when the server refuses (4xxx) or the client closes', () => {
    const { client, sockets, handlers } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.drop(4404);
    expect(handlers.onFinalClose).toHaveBeenCalledWith(4404, '');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    const other = setup();
    other.client.connect();
    other.sockets[0]!.open();
    other.client.close();
    vi.advanceTimersByTime(60_000);
    expect(other.sockets).toHaveLength(1);
    expect(other.sockets[0]!.readyState).toBe(3);
  });
});
