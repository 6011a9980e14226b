import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@shared/schemas/chat';
import { decodeChatEvent, encodeChatEvent, NOTIFY_MAX_BYTES, type ChatEvent } from './chat-events';
import { SlidingWindowLimit, TokenBucket } from './socket-limits';

const conversation: ChatConversation = {
  id: 'c1',
  visitorName: 'Ada',
  visitorEmail: null,
  status: 'active',
  unreadCount: 1,
  lastMessageAt: null,
  createdAt: '2026-11-21T00:00:00.000Z',
  closedAt: null,
};

function messageEvent(text: string): ChatEvent {
  const message: ChatMessage = {
    id: 'm1',
    conversationId: 'c1',
    message: text,
    senderType: 'visitor',
    createdAt: '2026-11-21T00:00:00.000Z',
    isRead: false,
    clientId: null,
  };
  return { kind: 'message', seq: 7, message, conversation, origin: { instance: 'i', connection: 3 } };
}

describe('chat events over NOTIFY', () => {
  it('carries small events whole', () => {
    const event = messageEvent('hello');
    expect(decodeChatEvent(encodeChatEvent(event))).toEqual(event);
  });

  it('replaces a message too large for NOTIFY by a reference', () => {
    const payload = encodeChatEvent(messageEvent('🙂'.repeat(2000)));
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    expect(decodeChatEvent(payload)).toEqual({
      kind: 'message_ref',
      messageId: 'm1',
      conversationId: 'c1',
      origin: { instance: 'i', connection: 3 },
    });
  });

  it('ignores anything on the channel that is not one of its events', () => {
    for (const payload of ['', 'nope', 'null', '[]', '{"kind":"drop_tables"}'])
      expect(decodeChatEvent(payload)).toBeNull();
  });
});

describe('socket limits', () => {
  it('allows exactly N events in any sliding window', () => {
    const limit = new SlidingWindowLimit(10, 10_000);
    for (let i = 0; i < 10; i += 1) expect(limit.take(1000 + i)).toBe(true);
    expect(limit.take(5000)).toBe(false);
    expect(limit.take(10_999)).toBe(false);
    expect(limit.take(11_000)).toBe(true);
    // The second event of the first burst (at 1,001) is still inside the window.
    expect(limit.take(11_000)).toBe(false);
    expect(limit.take(11_001)).toBe(true);
  });

  it('refills a token bucket over time', () => {
    const bucket = new TokenBucket(2, 1000, 0);
    expect(bucket.take(0)).toBe(true);
    expect(bucket.take(0)).toBe(true);
    expect(bucket.take(0)).toBe(false);
    expect(bucket.take(500)).toBe(true);
    expect(bucket.take(500)).toBe(false);
  });
});
