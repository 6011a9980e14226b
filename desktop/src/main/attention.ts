import { ITEM_ALERTS, type ItemAlertKind } from '@shared/alert-kinds';
import type { ConsoleSettings } from '../common/ipc-channels';
import { visitorTitle } from './notification-text';

export const REPEAT_INTERVAL_MS = 30_000;

/**
 * A system notification to raise: what it says, and what its click opens —
 * a conversation, or (for an order, enquiry, request…) a console path; with
 * neither, just the console.
 */
export interface Alert {
  title: string;
  body: string;
  conversationId: string | null;
  /** The console page of the item the notification is about (e.g. /admin/orders/<id>). */
  path?: string;
  silent: boolean;
}

/** A staff event the page heard, as main receives it (ipc-schemas.ts itemAlert). */
export interface ItemAlertReport {
  kind: ItemAlertKind;
  id: string;
  detail: string | null;
  onScreen: boolean;
}

/** What arrived while the console was cut off, counted once the list is back (see catchUp). */
export interface CatchUp {
  newConversations: number;
  newMessages: number;
  /** Every conversation still open: reminders for the others (closed meanwhile) stop. */
  openConversationIds: readonly string[];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

interface Waiting {
  visitorName: string;
  alertedAt: number;
}

/**
 * Decides when the console asks for attention. Pure: the main process feeds
 * it chat events, window focus, the conversation open on screen, settings and
 * the time, and shows the alerts it returns.
 *
 *  - A new conversation always alerts (it cannot be the one open yet).
 *  - A visitor message alerts unless the window is focused with that
 *    conversation open.
 *  - Do not disturb: no alerts at all (the unread count still shows).
 *  - Repeat: new conversations not yet opened alert again every 30 s,
 *    until opened here or closed.
 *  - Catch-up: after a reconnect, what arrived while cut off is one summary
 *    alert (never one per message), and conversations closed meanwhile stop
 *    being reminded of.
 *  - Each kind has its switch: chat alerts off silences the four above;
 *    orders, enquiries, requests, client replies and consultations each
 *    alert while their own switch is on.
 *  - An item (order, enquiry, request…) alerts unless the window is focused
 *    with that very item on screen; it is never repeated.
 */
export class AttentionCenter {
  private focused = false;
  private openConversationId: string | null = null;
  private readonly waiting = new Map<string, Waiting>();

  constructor(private settings: ConsoleSettings) {}

  updateSettings(settings: ConsoleSettings): void {
    this.settings = settings;
  }

  windowFocused(focused: boolean): void {
    this.focused = focused;
  }

  conversationOpened(conversationId: string | null): void {
    this.openConversationId = conversationId;
    if (conversationId) this.waiting.delete(conversationId);
  }

  conversationClosed(conversationId: string): void {
    this.waiting.delete(conversationId);
  }

  /** Forget everything (logged out). */
  reset(): void {
    this.waiting.clear();
    this.openConversationId = null;
  }

  get waitingCount(): number {
    return this.waiting.size;
  }

  newConversation(conversationId: string, visitorName: string, now: number): Alert | null {
    if (conversationId === this.openConversationId) return null;
    this.waiting.set(conversationId, { visitorName, alertedAt: now });
    return this.chatAlert(visitorTitle(visitorName), 'Started a new conversation', conversationId);
  }

  visitorMessage(conversationId: string, visitorName: string, text: string, now: number): Alert | null {
    if (this.focused && conversationId === this.openConversationId) return null;
    const waiting = this.waiting.get(conversationId);
    if (waiting) waiting.alertedAt = now;
    return this.chatAlert(visitorTitle(visitorName), text, conversationId);
  }

  /** A new paid order, enquiry, request, client reply or consultation: one alert, if its kind is switched on. */
  itemAlert(report: ItemAlertReport): Alert | null {
    const kind = ITEM_ALERTS[report.kind];
    if (!this.settings[kind.setting]) return null;
    if (this.focused && report.onScreen) return null;
    const alert = this.alert(kind.title, report.detail?.trim() || kind.fallbackBody, null);
    return alert && { ...alert, path: kind.path(report.id) };
  }

  catchUp(summary: CatchUp, now: number): Alert | null {
    const open = new Set(summary.openConversationIds);
    for (const id of [...this.waiting.keys()]) if (!open.has(id)) this.waiting.delete(id);
    for (const entry of this.waiting.values()) entry.alertedAt = now;
    const parts: string[] = [];
    if (summary.newConversations > 0) {
      parts.push(plural(summary.newConversations, 'new conversation', 'new conversations'));
    }
    if (summary.newMessages > 0) parts.push(plural(summary.newMessages, 'new message', 'new messages'));
    if (parts.length === 0) return null;
    return this.chatAlert('While you were disconnected', `${parts.join(' and ')}.`, null);
  }

  /** Called every few seconds: one reminder for the new conversations not opened for 30 s. */
  tick(now: number): Alert | null {
    if (!this.settings.repeat || !this.settings.chatAlerts || this.waiting.size === 0) return null;
    const due = [...this.waiting.values()].some((entry) => now - entry.alertedAt >= REPEAT_INTERVAL_MS);
    if (!due) return null;
    for (const entry of this.waiting.values()) entry.alertedAt = now;
    const [firstId] = this.waiting.keys() as IterableIterator<string>;
    const names = [...this.waiting.values()].map((entry) => visitorTitle(entry.visitorName));
    const count = this.waiting.size;
    const title = count === 1 ? 'A new conversation is waiting' : `${count} new conversations are waiting`;
    return this.chatAlert(title, names.join(', '), firstId as string);
  }

  private chatAlert(title: string, body: string, conversationId: string | null): Alert | null {
    return this.settings.chatAlerts ? this.alert(title, body, conversationId) : null;
  }

  private alert(title: string, body: string, conversationId: string | null): Alert | null {
    if (this.settings.doNotDisturb) return null;
    return { title, body, conversationId, silent: !this.settings.sound };
  }
}
