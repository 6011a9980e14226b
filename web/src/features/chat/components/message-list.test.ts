import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';
import { initialsOf, interleaveNotes } from './message-list';

describe('initialsOf (the avatar of a staff reply in the widget)', () => {
  it.each([
    ['Sam', 'S'],
    ['mary ann', 'MA'],
    ['  Jean-Luc  Picard  Jr ', 'JJ'],
    ['Łukasz', 'Ł'],
    ['', '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('interleaveNotes (a chat’s record lines among its messages)', () => {
  const message = (id: string, createdAt: string): ChatMessage => ({
    id,
    conversationId: 'c1',
    message: id,
    senderType: 'visitor',
    createdAt,
    isRead: false,
    clientId: null,
  });
  const order = (items: ReturnType<typeof interleaveNotes>) =>
    items.map((item) => ('note' in item ? `note:${item.note.key}` : item.message.id));

  it('puts a note after the messages sent before it, and before those sent after', () => {
    const messages = [message('a', '2026-11-26T15:00:00.000Z'), message('b', '2026-11-26T15:20:00.000Z')];
    const note = { key: 'breach', at: '2026-11-26T15:10:00.000Z', text: 'First response target missed' };
    expect(order(interleaveNotes(messages, [note]))).toEqual(['a', 'note:breach', 'b']);
  });

  it('puts a note after every message when it is the newest, and alone when there are none', () => {
    const note = { key: 'breach', at: '2026-11-26T16:00:00.000Z', text: 'x' };
    expect(order(interleaveNotes([message('a', '2026-11-26T15:00:00.000Z')], [note]))).toEqual(['a', 'note:breach']);
    expect(order(interleaveNotes([], [note]))).toEqual(['note:breach']);
    expect(order(interleaveNotes([message('a', '2026-11-26T15:00:00.000Z')], []))).toEqual(['a']);
  });
});
