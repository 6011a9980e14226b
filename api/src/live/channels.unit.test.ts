import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@shared/schemas/chat';
import type { ChatEvent } from './channels';
import { decodeLiveEvent, encodeLiveEvent, NOTIFY_MAX_BYTES } from './publish';

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
    expect(decodeLiveEvent('chat', encodeLiveEvent('chat', event))).toEqual(event);
  });

  it('replaces a message too large for NOTIFY by a reference', () => {
    const payload = encodeLiveEvent('chat', messageEvent('🙂'.repeat(2000)));
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    expect(decodeLiveEvent('chat', payload)).toEqual({
      kind: 'message_ref',
      messageId: 'm1',
      conversationId: 'c1',
      origin: { instance: 'i', connection: 3 },
    });
  });

  it('ignores anything on the channel that is not one of its events', () => {
    for (const payload of ['', 'nope', 'null', '[]', '{"kind":"drop_tables"}'])
      expect(decodeLiveEvent('chat', payload)).toBeNull();
  });
});
