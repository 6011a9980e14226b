import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ITEM_ALERT_KINDS, ITEM_ALERTS, type ItemAlertKind } from '@shared/alert-kinds';
import type { ConsoleSettings } from '../common/ipc-channels';
import { defaultSettings } from '../common/ipc-schemas';
import { AttentionCenter, REPEAT_INTERVAL_MS } from './attention';

const defaults: ConsoleSettings = { ...defaultSettings };

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

describe('notifications per kind', () => {
  const id = '6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';
  const report = (kind: ItemAlertKind, onScreen = false, detail: string | null = null) => ({
    kind,
    id,
    detail,
    onScreen,
  });

  it.each([
    ['order.paid', 'New paid order', `/admin/orders/${id}`],
    ['enquiry.created', 'New enquiry', `/admin/enquiries?id=${id}`],
    ['service_request.created', 'New service request', `/admin/service-requests?id=${id}`],
    ['service_request.client_reply', 'A client replied', `/admin/service-requests?id=${id}`],
    ['consultation.paid', 'Consultation paid', `/admin/service-requests?id=${id}`],
    ['consultation.confirmed', 'Consultation confirmed', `/admin/service-requests?id=${id}`],
  ] as const)('%s: "%s", opening %s', (kind, title, path) => {
    const alert = center().itemAlert(report(kind, false, 'Ada Lovelace · Network Setup'));
    expect(alert).toEqual({ title, body: 'Ada Lovelace · Network Setup', conversationId: null, path, silent: false });
  });

  it('says something general when the page could not tell more', () => {
    expect(center().itemAlert(report('order.paid', false, '  '))?.body).toBe(
      'An order was paid and is waiting to be fulfilled.',
    );
  });

  it.each([
    ['orderAlerts', 'order.paid'],
    ['enquiryAlerts', 'enquiry.created'],
    ['serviceRequestAlerts', 'service_request.created'],
    ['clientReplyAlerts', 'service_request.client_reply'],
    ['consultationAlerts', 'consultation.paid'],
    ['consultationAlerts', 'consultation.confirmed'],
    ['slaAlerts', 'service_request.sla_at_risk'],
    ['slaAlerts', 'service_request.sla_breached'],
    ['slaAlerts', 'chat.sla_at_risk'],
    ['slaAlerts', 'chat.sla_breached'],
    ['assignmentAlerts', 'service_request.assigned'],
    ['assignmentAlerts', 'chat.assigned'],
  ] as const)('%s off silences %s and nothing else', (setting, kind) => {
    const attention = center({ [setting]: false });
    expect(attention.itemAlert(report(kind))).toBeNull();
    const others = ITEM_ALERT_KINDS.filter((other) => ITEM_ALERTS[other].setting !== setting);
    for (const other of others) expect(attention.itemAlert(report(other))).not.toBeNull();
    expect(attention.newConversation(randomUUID(), 'Ada', 0)).not.toBeNull();
  });

  it('chat alerts off silences chats (and their reminders and catch-up), not the other kinds', () => {
    const attention = center({ chatAlerts: false });
    const conversation = randomUUID();
    expect(attention.newConversation(conversation, 'Ada', 0)).toBeNull();
    expect(attention.visitorMessage(conversation, 'Ada', 'Hello', 0)).toBeNull();
    expect(attention.tick(REPEAT_INTERVAL_MS * 3)).toBeNull();
    expect(attention.catchUp({ newConversations: 1, newMessages: 2, openConversationIds: [] }, 0)).toBeNull();
    expect(attention.itemAlert(report('order.paid'))).not.toBeNull();
  });

  it('follows do not disturb and sound, and skips the item already on screen in the focused window', () => {
    expect(center({ doNotDisturb: true }).itemAlert(report('enquiry.created'))).toBeNull();
    expect(center({ sound: false }).itemAlert(report('enquiry.created'))?.silent).toBe(true);
    const attention = center();
    // In the background, the item on screen still alerts: nobody is looking.
    expect(attention.itemAlert(report('service_request.client_reply', true))).not.toBeNull();
    attention.windowFocused(true);
    expect(attention.itemAlert(report('service_request.client_reply', true))).toBeNull();
    expect(attention.itemAlert(report('service_request.client_reply', false))).not.toBeNull();
  });

  it('never repeats an item', () => {
    const attention = center();
    attention.itemAlert(report('order.paid'));
    expect(attention.tick(REPEAT_INTERVAL_MS * 5)).toBeNull();
  });
});
