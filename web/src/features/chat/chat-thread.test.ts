import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';
import {
  applyHistory,
  applyMessage,
  emptyThread,
  failMessage,
  lastMessageId,
  markRead,
  queueMessage,
  retryMessage,
} from './chat-thread';

let counter = 0;
function message(text: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  counter += 1;
  return {
    id: `m${counter}`,
    conversationId: 'c1',
    message: text,
    senderType: 'visitor',
    createdAt: new Date(2026, 10, 21, 12, counter).toISOString(),
    isRead: false,
    clientId: null,
    ...overrides,
  };
}

describe('chat thread', () => {
  it('shows every message once, however often it arrives', () => {
    const a = message('a');
    const b = message('b');
    let thread = applyHistory(emptyThread, [a], false);
    thread = applyMessage(thread, b);
    thread = applyMessage(thread, b);
    // After a reconnect: history from the last one we had, overlapping what we already have.
    thread = applyHistory(thread, [b, message('c')], true);
    expect(thread.messages.map((m) => m.message)).toEqual(['a', 'b', 'c']);
    expect(lastMessageId(thread)).toBe(thread.messages[2]!.id);
    // A full history replaces what we had.
    expect(applyHistory(thread, [a], false).messages).toEqual([a]);
  });

  it('keeps an outgoing message pending until the server stored it, then shows the stored one', () => {
    let thread = queueMessage(emptyThread, 'client-1', 'hello');
    expect(thread.outbox).toEqual([{ clientId: 'client-1', message: 'hello', status: 'sending' }]);
    thread = applyMessage(thread, message('hello', { clientId: 'client-1' }));
    expect(thread.outbox).toEqual([]);
    expect(thread.messages.map((m) => m.message)).toEqual(['hello']);
  });

  it('matches a pending message found in history after a reconnect', () => {
    const thread = queueMessage(emptyThread, 'client-2', 'sent before the drop');
    const resumed = applyHistory(thread, [message('sent before the drop', { clientId: 'client-2' })], true);
    expect(resumed.outbox).toEqual([]);
    expect(resumed.messages).toHaveLength(1);
  });

  it('marks a message failed and retries it under the same id', () => {
    let thread = queueMessage(emptyThread, 'client-3', 'flaky');
    thread = failMessage(thread, 'client-3', 'You are sending messages too quickly.');
    expect(thread.outbox[0]).toMatchObject({ status: 'failed', error: 'You are sending messages too quickly.' });
    thread = retryMessage(thread, 'client-3');
    expect(thread.outbox[0]).toEqual({ clientId: 'client-3', message: 'flaky', status: 'sending' });
  });

  it("marks the other side's messages read, up to a message", () => {
    const first = message('one');
    const second = message('two');
    const reply = message('reply', { senderType: 'admin' });
    const thread = applyHistory(emptyThread, [first, second, reply], false);
    const upToFirst = markRead(thread, 'visitor', first.id);
    expect(upToFirst.messages.map((m) => m.isRead)).toEqual([true, false, false]);
    const all = markRead(thread, 'visitor', null);
    expect(all.messages.map((m) => m.isRead)).toEqual([true, true, false]);
    expect(markRead(all, 'visitor', null)).toBe(all);
  });
});
