import { app, type BrowserWindow } from 'electron';
import { IPC, type ConsoleSettings, type ConsoleState } from '../common/ipc-channels';
import { AttentionCenter, type Alert } from './attention';
import type { ConsoleStore } from './console-store';
import type { IpcHandlers } from './ipc';
import {
  completeTokenLogin,
  logInForToken,
  logOutToken,
  probeServer,
  type Fetch,
  type TokenLogin,
} from './server-session';
import type { TokenStore } from './token-store';
import { bringToFront } from './windows';

interface ControllerDeps {
  store: ConsoleStore;
  tokens: TokenStore;
  fetch: Fetch;
  window: () => BrowserWindow | null;
  showAlert(alert: Alert): void;
  showUnread(unread: number): void;
  /** The settings changed (the tray shows Do not disturb; start at login follows its switch). */
  settingsChanged?(settings: ConsoleSettings): void;
  /** The version downloaded and waiting for a restart, if any. */
  updateReady?(): string | null;
  /** Restarts into the downloaded version. */
  installUpdate?(): void;
  now?: () => number;
}

/**
 * The main process's side of the console: the server and session it talks
 * to, what the renderer tells it of chat activity, and the alerts and
 * unread count that follow. Every task arrives validated (see ipc.ts).
 */
export class ConsoleController {
  readonly attention: AttentionCenter;
  private readonly now: () => number;

  constructor(private readonly deps: ControllerDeps) {
    this.attention = new AttentionCenter(deps.store.settings);
    this.now = deps.now ?? Date.now;
  }

  /** What the webRequest hook needs to add the session's Authorization header. */
  session(): { serverOrigin: string | null; token: string | null } {
    const serverOrigin = this.deps.store.serverUrl;
    return { serverOrigin, token: this.deps.tokens.load(serverOrigin) };
  }

  state(): ConsoleState {
    return {
      serverUrl: this.deps.store.serverUrl,
      signedIn: this.session().token !== null,
      persistentLogin: this.deps.tokens.persistent,
      settings: this.deps.store.settings,
      version: app.getVersion(),
      updateReady: this.deps.updateReady?.() ?? null,
    };
  }

  /** A notification was clicked: bring the window forward, with that conversation open when it names one. */
  openConversation(conversationId: string | null): void {
    const window = this.deps.window();
    if (!window || window.isDestroyed()) return;
    bringToFront(window);
    if (conversationId) window.webContents.send(IPC.openConversation, conversationId);
  }

  /** A notification was clicked: its conversation or item opens in the window, brought to the front. */
  openAlert(alert: Alert): void {
    if (alert.path) this.openPath(alert.path);
    else this.openConversation(alert.conversationId);
  }

  /** Brings the window forward on a console page (an order, enquiry or request of a clicked notification). */
  openPath(path: string): void {
    const window = this.deps.window();
    if (!window || window.isDestroyed()) return;
    bringToFront(window);
    window.webContents.send(IPC.openPath, path);
  }

  /** Do not disturb switched from the tray: the same setting as the console's switch. */
  setDoNotDisturb(on: boolean): void {
    this.applySettings({ doNotDisturb: on });
  }

  private applySettings(changes: Partial<ConsoleSettings>): ConsoleSettings {
    const settings = this.deps.store.updateSettings(changes);
    this.attention.updateSettings(settings);
    this.deps.settingsChanged?.(settings);
    return settings;
  }

  windowFocused(focused: boolean): void {
    this.attention.windowFocused(focused);
    if (focused) this.deps.window()?.flashFrame(false);
  }

  /** Every few seconds: the repeated alert for new conversations nobody opened. */
  tick(): void {
    this.alert(this.attention.tick(this.now()));
  }

  private alert(alert: Alert | null): void {
    if (!alert) return;
    this.deps.showAlert(alert);
    const window = this.deps.window();
    if (window && !window.isDestroyed() && !window.isFocused()) window.flashFrame(true);
  }

  /**
   * Forgets the session: its token, reminders and badge go with it. When the
   * server ended it (expired, logged out elsewhere, no longer staff), one
   * notification says so: the console cannot alert anyone until someone logs in.
   */
  private async endSession(expired = false): Promise<void> {
    const { serverOrigin, token } = this.session();
    this.deps.tokens.clear();
    this.attention.reset();
    this.deps.showUnread(0);
    if (expired && token && !this.deps.store.settings.doNotDisturb) {
      this.deps.showAlert({
        title: 'Signed out of the staff console',
        body: 'Your session has ended. Log in again to keep receiving chats.',
        conversationId: null,
        silent: !this.deps.store.settings.sound,
      });
    }
    // An expired session is gone on the server already.
    if (serverOrigin && token && !expired) await logOutToken(this.deps.fetch, serverOrigin, token);
  }

  /** A sign-in waiting for its second step (two-factor sign-in): in memory only, never stored. */
  private pendingSignIn: { serverUrl: string; token: string } | null = null;

  /**
   * Keeps the token of a finished login, or the half-done sign-in's, and
   * answers the page. A wrong code keeps the half-done sign-in for another
   * try (it expires on the server by itself).
   */
  private signedIn(serverUrl: string, { result, token, pendingToken }: TokenLogin) {
    if (pendingToken) this.pendingSignIn = { serverUrl, token: pendingToken };
    if (result.ok && token) {
      this.pendingSignIn = null;
      this.deps.tokens.save(serverUrl, token);
      this.attention.reset();
    }
    return result;
  }

  readonly handlers: IpcHandlers = {
    getState: () => this.state(),
    setServer: async ({ url }) => {
      if (url !== null) {
        const probe = await probeServer(this.deps.fetch, url);
        if (!probe.ok) return probe;
      }
      if (url !== this.deps.store.serverUrl) await this.endSession();
      this.deps.store.setServerUrl(url);
      // A new page, so its Content-Security-Policy names the new server.
      this.deps.window()?.webContents.reload();
      return { ok: true };
    },
    logIn: async (credentials) => {
      const serverUrl = this.deps.store.serverUrl;
      if (!serverUrl) return { ok: false, message: 'Choose a server first.' };
      return this.signedIn(serverUrl, await logInForToken(this.deps.fetch, serverUrl, credentials));
    },
    logInSecondStep: async ({ code }) => {
      const serverUrl = this.deps.store.serverUrl;
      const pending = this.pendingSignIn;
      if (!serverUrl || !pending || pending.serverUrl !== serverUrl) {
        return { ok: false, message: 'Your sign-in has expired. Please enter your username and password again.' };
      }
      return this.signedIn(serverUrl, await completeTokenLogin(this.deps.fetch, serverUrl, pending.token, code));
    },
    logOut: async ({ expired }) => {
      await this.endSession(expired);
    },
    updateSettings: (changes) => this.applySettings(changes),
    newConversation: ({ conversationId, visitorName }) => {
      this.alert(this.attention.newConversation(conversationId, visitorName, this.now()));
    },
    visitorMessage: ({ conversationId, visitorName, text }) => {
      this.alert(this.attention.visitorMessage(conversationId, visitorName, text, this.now()));
    },
    conversationClosed: ({ conversationId }) => this.attention.conversationClosed(conversationId),
    conversationOpened: ({ conversationId }) => this.attention.conversationOpened(conversationId),
    setUnreadCount: ({ count }) => this.deps.showUnread(count),
    catchUp: (summary) => {
      this.alert(this.attention.catchUp(summary, this.now()));
    },
    installUpdate: () => {
      this.deps.installUpdate?.();
    },
    itemAlert: (report) => {
      this.alert(this.attention.itemAlert(report));
    },
  };
}
