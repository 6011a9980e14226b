import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConsoleSettings } from '../common/ipc-channels';
import { AttentionCenter, REPEAT_INTERVAL_MS } from './attention';

const defaults: ConsoleSettings = { sound: true, doNotDisturb: false, repeat: true, startAtLogin: false };

function center(settings: Partial<ConsoleSettings> = {}) {
  return new AttentionCenter({ ...defaults, ...settings });
}

describe('when to alert', () => {
  it('alerts for a new conversation with the visitor name, even when focused', () => {
    const attention = center();
    attention.windowFocused(true);
    const id = randomUUID();
    expect(attention.newConversation(id, 'Ada Visitor', 0)).toEqual({
      title: 'Ada Visitor',
      body: 'Started a new conversation',
      conversationId: id,
      silent: false,
    });
  });

  it('alerts for a message unless the window is focused with that conversation open', () => {
    const attention = center();
    const open = randomUUID();
    const other = randomUUID();
    attention.conversationOpened(open);
    // Not focused: every message alerts, the open conversation's too.
    expect(attention.visitorMessage(open, 'Ada', 'Hello', 0)).toMatchObject({ title: 'Ada', body: 'Hello' });
    attention.windowFocused(true);
    expect(attention.visitorMessage(open, 'Ada', 'Still there?', 0)).toBeNull();
    expect(attention.visitorMessage(other, 'Grace', 'Hi', 0)).toMatchObject({ title: 'Grace', conversationId: other });
    // On the /admin screen no conversation is open.
    attention.conversationOpened(null);
    expect(attention.visitorMessage(open, 'Ada', 'Hello?', 0)).not.toBeNull();
  });

  it('names an unnamed visitor "Anonymous"', () => {
    expect(center().visitorMessage(randomUUID(), '   ', 'Hi', 0)?.title).toBe('Anonymous');
  });

  it('is silent without sound, and quiet in do-not-disturb', () => {
    const attention = center({ sound: false });
    expect(attention.newConversation(randomUUID(), 'Ada', 0)?.silent).toBe(true);
    attention.updateSettings({ ...defaults, doNotDisturb: true });
    expect(attention.newConversation(randomUUID(), 'Grace', 0)).toBeNull();
    expect(attention.visitorMessage(randomUUID(), 'Grace', 'Hi', 0)).toBeNull();
    expect(attention.tick(REPEAT_INTERVAL_MS * 10)).toBeNull();
  });
});

describe('repeating', () => {
  it('reminds every 30 s about new conversations until they are opened', () => {
    const attention = center();
    const first = randomUUID();
    attention.newConversation(first, 'Ada', 0);
    expect(attention.tick(REPEAT_INTERVAL_MS - 1)).toBeNull();
    expect(attention.tick(REPEAT_INTERVAL_MS)).toEqual({
      title: 'A new conversation is waiting',
      body: 'Ada',
      conversationId: first,
      silent: false,
    });
    expect(attention.tick(REPEAT_INTERVAL_MS + 5_000)).toBeNull();
    attention.newConversation(randomUUID(), 'Grace', 40_000);
    expect(attention.tick(2 * REPEAT_INTERVAL_MS)).toMatchObject({
      title: '2 new conversations are waiting',
      body: 'Ada, Grace',
      conversationId: first,
    });
    attention.conversationOpened(first);
    expect(attention.waitingCount).toBe(1);
    expect(attention.tick(3 * REPEAT_INTERVAL_MS)).toMatchObject({
      title: 'A new conversation is waiting',
      body: 'Grace',
    });
  });

  it('stops for closed conversations, when switched off, and after logging out', () => {
    const attention = center();
    const id = randomUUID();
    attention.newConversation(id, 'Ada', 0);
    attention.conversationClosed(id);
    expect(attention.tick(REPEAT_INTERVAL_MS)).toBeNull();

    attention.newConversation(randomUUID(), 'Grace', 0);
    attention.updateSettings({ ...defaults, repeat: false });
    expect(attention.tick(REPEAT_INTERVAL_MS)).toBeNull();
    attention.updateSettings(defaults);
    attention.reset();
    expect(attention.tick(REPEAT_INTERVAL_MS * 2)).toBeNull();
  });

  it('counts a new message in a waiting conversation as an alert (no reminder right after it)', () => {
    const attention = center();
    const id = randomUUID();
    attention.newConversation(id, 'Ada', 0);
    attention.visitorMessage(id, 'Ada', 'Hello', 25_000);
    expect(attention.tick(REPEAT_INTERVAL_MS)).toBeNull();
    expect(attention.tick(25_000 + REPEAT_INTERVAL_MS)).not.toBeNull();
  });
});
