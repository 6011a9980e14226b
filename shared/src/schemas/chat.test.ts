import { describe, expect, it } from 'vitest';
import { characterCount, chatText, conversationDisplayName, startChatSchema } from './chat';
import { clientFrameSchema, serverFrameSchema } from './chat-frames';

describe('chat text', () => {
  it('counts characters the way PostgreSQL does', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('🙂🙂')).toBe(2);
    expect(characterCount('e\u0301')).toBe(2);
    expect(characterCount('\ud800')).toBe(1);
  });

  it('takes 1–2000 characters after trimming, emoji counted once', () => {
    expect(chatText.parse('  hi \n')).toBe('hi');
    expect(chatText.safeParse(' \n\t ').success).toBe(false);
    expect(chatText.safeParse('🙂'.repeat(2000)).success).toBe(true);
    expect(chatText.safeParse('a'.repeat(2001)).success).toBe(false);
    expect(chatText.parse('line one\nline two')).toBe('line one\nline two');
    expect(chatText.safeParse('bell\u0007').success).toBe(false);
  });
});

describe('starting a chat', () => {
  it('requires a name and takes an optional email', () => {
    expect(startChatSchema.parse({ visitorName: ' Ada ', visitorEmail: '' })).toEqual({
      visitorName: 'Ada',
      visitorEmail: null,
    });
    const missing = startChatSchema.safeParse({ visitorName: '' });
    expect(missing.success ? null : missing.error.issues[0]?.message).toBe('Please enter your name to start chatting');
  });

  it('shows "Anonymous" for a conversation without a usable name', () => {
    expect(conversationDisplayName({ visitorName: '  ' })).toBe('Anonymous');
    expect(conversationDisplayName({ visitorName: 'Ada' })).toBe('Ada');
  });
});

describe('frames', () => {
  const id = '5b0f7f3e-2a4c-4c7e-9d52-0d6d7a1f9b10';

  it("accepts the spec's join and message frames", () => {
    expect(clientFrameSchema.parse({ type: 'join', conversationId: id, isAdmin: false })).toMatchObject({
      type: 'join',
    });
    expect(clientFrameSchema.parse({ type: 'join', conversationId: id, userId: 'u1', isAdmin: true })).toMatchObject({
      isAdmin: true,
    });
    expect(
      clientFrameSchema.parse({ type: 'message', conversationId: id, message: 'hi', senderType: 'visitor' }),
    ).toMatchObject({ message: 'hi' });
  });

  it('refuses unknown types and unknown fields', () => {
    expect(clientFrameSchema.safeParse({ type: 'history', conversationId: id }).success).toBe(false);
    expect(clientFrameSchema.safeParse({ type: 'leave', conversationId: id, extra: true }).success).toBe(false);
  });

  it('describes what the server sends', () => {
    expect(serverFrameSchema.safeParse({ type: 'presence', staffOnline: true }).success).toBe(true);
    expect(serverFrameSchema.safeParse({ type: 'error', code: 'nope', message: 'x' }).success).toBe(false);
  });
});
