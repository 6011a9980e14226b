/**
 * The console page's only bridge to the main process: a few narrow tasks
 * (never raw ipcRenderer), exposed through contextBridge as window.desktop.
 * Main checks the sender and validates every payload (main/ipc.ts).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { isConsolePath } from '@shared/alert-kinds';
import {
  IPC,
  CONSOLE_SHORTCUTS,
  type CatchUpEvent,
  type ConsoleSettings,
  type ConsoleShortcut,
  type ConsoleState,
  type ItemAlertEvent,
  type LoginInput,
  type LoginResult,
  type NewConversationEvent,
  type SetServerResult,
  type VisitorMessageEvent,
} from '../common/ipc-channels';

const api = {
  getState: (): Promise<ConsoleState> => ipcRenderer.invoke(IPC.getState),
  /** Saves the server address (checked to answer like a Northstar server) and reloads; null forgets it. */
  setServer: (url: string | null): Promise<SetServerResult> => ipcRenderer.invoke(IPC.setServer, { url }),
  logIn: (credentials: LoginInput): Promise<LoginResult> => ipcRenderer.invoke(IPC.logIn, credentials),
  /** After a login answered twoFactorRequired: a code from the app or a recovery code. */
  logInSecondStep: (code: string): Promise<LoginResult> => ipcRenderer.invoke(IPC.logInSecondStep, { code }),
  /** Ends the session on the server (when reachable) and forgets the token. */
  logOut: (expired: boolean): Promise<void> => ipcRenderer.invoke(IPC.logOut, { expired }),
  updateSettings: (changes: Partial<ConsoleSettings>): Promise<ConsoleSettings> =>
    ipcRenderer.invoke(IPC.updateSettings, changes),
  newConversation: (event: NewConversationEvent): Promise<void> => ipcRenderer.invoke(IPC.newConversation, event),
  visitorMessage: (event: VisitorMessageEvent): Promise<void> => ipcRenderer.invoke(IPC.visitorMessage, event),
  conversationClosed: (conversationId: string): Promise<void> =>
    ipcRenderer.invoke(IPC.conversationClosed, { conversationId }),
  /** The conversation on screen (null: none, or another screen is shown). */
  conversationOpened: (conversationId: string | null): Promise<void> =>
    ipcRenderer.invoke(IPC.conversationOpened, { conversationId }),
  setUnreadCount: (count: number): Promise<void> => ipcRenderer.invoke(IPC.setUnreadCount, { count }),
  /** After a reconnect: what arrived meanwhile (one summary notification) and the conversations still open. */
  catchUp: (summary: CatchUpEvent): Promise<void> => ipcRenderer.invoke(IPC.catchUp, summary),
  /** Restarts into the downloaded version. */
  installUpdate: (): Promise<void> => ipcRenderer.invoke(IPC.installUpdate),
  /** A new paid order, enquiry, request, client reply or consultation: main decides about a notification. */
  itemAlert: (event: ItemAlertEvent): Promise<void> => ipcRenderer.invoke(IPC.itemAlert, event),
  /** Called when a notification is clicked; returns the function that stops listening. */
  onOpenConversation(listener: (conversationId: string) => void): () => void {
    const forward = (_event: unknown, conversationId: unknown) => {
      if (typeof conversationId === 'string') listener(conversationId);
    };
    ipcRenderer.on(IPC.openConversation, forward);
    return () => ipcRenderer.removeListener(IPC.openConversation, forward);
  },
  /** An item's notification was clicked: open this console path; returns the function that stops listening. */
  onOpenPath(listener: (path: string) => void): () => void {
    const forward = (_event: unknown, path: unknown) => {
      if (isConsolePath(path)) listener(path);
    };
    ipcRenderer.on(IPC.openPath, forward);
    return () => ipcRenderer.removeListener(IPC.openPath, forward);
  },
  /** A menu shortcut was used; returns the function that stops listening. */
  onShortcut(listener: (shortcut: ConsoleShortcut) => void): () => void {
    const forward = (_event: unknown, shortcut: unknown) => {
      if (CONSOLE_SHORTCUTS.includes(shortcut as ConsoleShortcut)) listener(shortcut as ConsoleShortcut);
    };
    ipcRenderer.on(IPC.shortcut, forward);
    return () => ipcRenderer.removeListener(IPC.shortcut, forward);
  },
  /** A new version is ready to install on restart; returns the function that stops listening. */
  onUpdateReady(listener: (version: string) => void): () => void {
    const forward = (_event: unknown, version: unknown) => {
      if (typeof version === 'string' && version.length <= 100) listener(version);
    };
    ipcRenderer.on(IPC.updateReady, forward);
    return () => ipcRenderer.removeListener(IPC.updateReady, forward);
  },
};

contextBridge.exposeInMainWorld('desktop', api);

export type DesktopApi = typeof api;
