/**
 * The IPC contract between the console's preload and its main process:
 * channel names and the shapes that cross them. No zod at run time here (the
 * preload bundles this file): the payload types come from ./ipc-schemas.ts,
 * with which main validates every payload, through type-only imports.
 */
import type { z } from 'zod';
import type { LoginInput, PublicUser } from '@shared/schemas/auth';
import type { ipcPayloads, settingsSchema } from './ipc-schemas';

export const IPC = {
  getState: 'console:get-state',
  setServer: 'console:set-server',
  logIn: 'console:log-in',
  /** The second step of a login with two-factor sign-in: a code from the app or a recovery code. */
  logInSecondStep: 'console:log-in-second-step',
  logOut: 'console:log-out',
  updateSettings: 'console:update-settings',
  newConversation: 'console:new-conversation',
  visitorMessage: 'console:visitor-message',
  conversationClosed: 'console:conversation-closed',
  conversationOpened: 'console:conversation-opened',
  setUnreadCount: 'console:set-unread-count',
  catchUp: 'console:catch-up',
  installUpdate: 'console:install-update',
  /** A staff event (new paid order, enquiry, request, client reply, consultation) for a notification. */
  itemAlert: 'console:item-alert',
  /** main → renderer: an item's notification was clicked, open this console path (e.g. /admin/orders/<id>). */
  openPath: 'console:open-path',
  /** main → renderer: a notification was clicked, open this conversation. */
  openConversation: 'console:open-conversation',
  /** main → renderer: a menu shortcut (next/previous conversation, reply box). */
  shortcut: 'console:shortcut',
  /** main → renderer: a new version is downloaded and installs on restart. */
  updateReady: 'console:update-ready',
} as const;

/** The console's keyboard shortcuts, carried out by the page (the application menu holds the keys). */
export const CONSOLE_SHORTCUTS = ['next-conversation', 'previous-conversation', 'focus-reply'] as const;
export type ConsoleShortcut = (typeof CONSOLE_SHORTCUTS)[number];

export type ConsoleSettings = z.infer<typeof settingsSchema>;

export interface ConsoleState {
  /** The server's origin, e.g. https://www.example.com; null until the first-run screen is done. */
  serverUrl: string | null;
  /** Whether a session token is held (the server may still have ended the session). */
  signedIn: boolean;
  /** False when the system offers no encrypted storage: the session is kept for this run only. */
  persistentLogin: boolean;
  settings: ConsoleSettings;
  version: string;
  /** A downloaded version waiting for a restart, or null. */
  updateReady: string | null;
}

export type LoginResult =
  | { ok: true; user: PublicUser }
  | { ok: false; message: string }
  /** The password was right; the account has two-factor sign-in: logInSecondStep with a code finishes it. */
  | { ok: false; twoFactorRequired: true; message: string };
export type SetServerResult = { ok: true } | { ok: false; message: string };

export type { LoginInput };

export type NewConversationEvent = z.infer<typeof ipcPayloads.newConversation>;

export type VisitorMessageEvent = z.infer<typeof ipcPayloads.visitorMessage>;

export type CatchUpEvent = z.infer<typeof ipcPayloads.catchUp>;

export type ItemAlertEvent = z.infer<typeof ipcPayloads.itemAlert>;
