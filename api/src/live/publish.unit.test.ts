import { describe, expect, it } from 'vitest';
import type { ChatConversation } from '@shared/schemas/chat';
import type { StaffEvent } from '@shared/schemas/staff-events';
import { decodeLiveEvent, encodeLiveEvent } from './publish';

describe('publishing on a channel', () => {
  it('checks a staff event against its schema before it is sent', () => {
    expect(decodeLiveEvent('staff', encodeLiveEvent('staff', { kind: 'order.paid', id: 'o1' }))).toEqual({
      kind: 'order.paid',
      id: 'o1',
    });
    expect(() => encodeLiveEvent('staff', { kind: 'order.paid', id: '' })).toThrow();
    expect(() => encodeLiveEvent('staff', { kind: 'order.paid', id: 'o1', extra: 1 } as StaffEvent)).toThrow();
  });

  it('refuses an event too large for NOTIFY that its channel has no stand-in for', () => {
    const conversation: ChatConversation = {
      id: 'c1',
      visitorName: 'x'.repeat(9000),
      visitorEmail: null,
      status: 'active',
      unreadCount: 0,
      lastMessageAt: null,
      createdAt: '2026-11-26T00:00:00.000Z',
      closedAt: null,
    };
    expect(() => encodeLiveEvent('chat', { kind: 'closed', conversation })).toThrow(
      /chat event closed is too large for NOTIFY/,
    );
  });

  it('hears any payload on the catalogue channel as a change (older instances sent it bare)', () => {
    expect(decodeLiveEvent('catalogue', encodeLiveEvent('catalogue', 'changed'))).toBe('changed');
    expect(decodeLiveEvent('catalogue', 'changed')).toBe('changed');
  });

  it('ignores a staff payload that is not one of its events', () => {
    for (const payload of ['', 'nope', 'null', '{"kind":"order.paid"}', '{"kind":"drop_tables","id":"x"}'])
      expect(decodeLiveEvent('staff', payload)).toBeNull();
  });
});
