import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { startVisitorChat, TestSocket } from '../../api/src/test/chat';
import { nextTotpCode } from '../../api/src/test/factories';
import type { ConsoleSettings, ConsoleState } from '../../desktop/src/common/ipc-channels';
import { defaultSettings, ipcPayloads } from '../../desktop/src/common/ipc-schemas';
import { contentTypeOf } from '../../desktop/src/main/app-files';
import { AttentionCenter, type ItemAlertReport } from '../../desktop/src/main/attention';
import { withSessionAuthorization } from '../../desktop/src/main/auth-header';
import { consoleContentSecurityPolicy } from '../../desktop/src/main/csp';
import { notificationText, type NotificationText } from '../../desktop/src/main/notification-text';
import { completeTokenLogin, logInForToken, logOutToken, probeServer } from '../../desktop/src/main/server-session';

const rendererRoot = path.resolve('desktop/dist/renderer');

interface ConsoleRenderer {
  /** Where the built console page is served, e.g. http://127.0.0.1:41235 (stands for app://console). */
  readonly origin: string;
  /** The server the page's CSP lets it talk to (set before opening the page). */
  serverUrl: string | null;
}

/**
 * Serves the built console page (desktop/dist/renderer) on its own origin,
 * as the main process serves it at app://console: the app's routes answer
 * index.html, and every answer carries the console's CSP for the server.
 */
export function useConsoleRenderer(): ConsoleRenderer {
  const state = { origin: '', serverUrl: null as string | null };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      const file = path.extname(pathname)
        ? path.join(rendererRoot, path.normalize(pathname))
        : path.join(rendererRoot, 'index.html');
      try {
        const body = await readFile(file);
        res.writeHead(200, {
          'Content-Type': contentTypeOf(file),
          'Content-Security-Policy': consoleContentSecurityPolicy(state.serverUrl),
        });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return state;
}

type Task = keyof typeof ipcPayloads;

/**
 * Plays the console's main process for a page in Chromium: a recording
 * stand-in for the preload bridge (window.desktop) whose tasks are checked
 * with main's own payload schemas and carried out with main's own modules
 * (server checks, token login, notification decisions, the session header
 * on requests to the server and on the chat socket's upgrade).
 */
export class MainStandIn {
  readonly calls: { task: Task; payload: unknown }[] = [];
  /** The system notifications main would raise (`path`: the console page an item's notification opens). */
  readonly notifications: (NotificationText & { conversationId: string | null; path?: string })[] = [];
  /** The chat frames the page sent through the socket bridge. */
  readonly sentFrames: { type: string; conversationId?: string }[] = [];
  /** Installs asked for from the "update ready" banner. */
  installs = 0;
  updateReady: string | null = null;
  /** While true the page's chat socket is cut off and every reconnect is refused (see disconnect()). */
  private offline = false;
  private readonly pageSockets = new Set<{ close(options?: { code?: number; reason?: string }): Promise<void> }>();
  /** The unread totals main was told (badge and title). */
  readonly unread: number[] = [];
  token: string | null = null;
  /** The token of a sign-in waiting for its second step (two-factor sign-in). */
  pendingToken: string | null = null;
  settings: ConsoleSettings = { ...defaultSettings };
  readonly attention = new AttentionCenter(this.settings);
  private page: Page | null = null;

  constructor(
    private readonly renderer: ConsoleRenderer,
    public serverUrl: string | null,
  ) {}

  session() {
    return { serverOrigin: this.serverUrl, token: this.token };
  }

  tasks(task: Task): unknown[] {
    return this.calls.filter((call) => call.task === task).map((call) => call.payload);
  }

  /** The window gains or loses focus. */
  focus(focused: boolean): void {
    this.attention.windowFocused(focused);
  }

  /** The network drops: open chat sockets close and reconnects fail until reconnect(). */
  async disconnect(): Promise<void> {
    this.offline = true;
    await Promise.all([...this.pageSockets].map((socket) => socket.close({ code: 1011, reason: 'offline' })));
  }

  reconnect(): void {
    this.offline = false;
  }

  /** A menu shortcut (Go menu) as main sends it to the page. */
  async shortcut(action: string): Promise<void> {
    await this.page?.evaluate(
      (name) => (window as unknown as { __shortcut(a: string): void }).__shortcut(name),
      action,
    );
  }

  /** The updater finished downloading `version`. */
  async announceUpdate(version: string): Promise<void> {
    this.updateReady = version;
    await this.page?.evaluate(
      (v) => (window as unknown as { __updateReady(v: string): void }).__updateReady(v),
      version,
    );
  }

  /** A notification is clicked: main brings the window forward and tells the page. */
  async clickNotification(conversationId: string): Promise<void> {
    await this.page?.evaluate(
      (id) => (window as unknown as { __openConversation(id: string): void }).__openConversation(id),
      conversationId,
    );
  }

  /** An item's notification is clicked: main brings the window forward and tells the page which page to open. */
  async clickItemNotification(path: string): Promise<void> {
    await this.page?.evaluate((to) => (window as unknown as { __openPath(path: string): void }).__openPath(to), path);
  }

  private alert(alert: ReturnType<AttentionCenter['tick']>): void {
    if (alert)
      this.notifications.push({
        ...notificationText(alert.title, alert.body, 'linux'),
        conversationId: alert.conversationId,
        ...(alert.path ? { path: alert.path } : {}),
      });
  }

  private async run(task: Task, raw: unknown): Promise<unknown> {
    const payload = ipcPayloads[task].parse(raw) as never;
    this.calls.push({ task, payload });
    const now = Date.now();
    switch (task) {
      case 'getState': {
        const state: ConsoleState = {
          serverUrl: this.serverUrl,
          signedIn: this.token !== null,
          persistentLogin: true,
          settings: this.settings,
          version: 'test',
          updateReady: this.updateReady,
        };
        return state;
      }
      case 'setServer': {
        const { url } = payload as { url: string | null };
        if (url) {
          const probe = await probeServer(fetch, url);
          if (!probe.ok) return probe;
        }
        this.serverUrl = url;
        this.renderer.serverUrl = url;
        setTimeout(() => void this.page?.reload(), 0);
        return { ok: true };
      }
      case 'logIn': {
        const { result, token, pendingToken } = await logInForToken(fetch, this.serverUrl ?? '', payload);
        this.token = token;
        this.pendingToken = pendingToken ?? null;
        return result;
      }
      case 'logInSecondStep': {
        const { code } = payload as { code: string };
        if (!this.pendingToken) return { ok: false, message: 'Your sign-in has expired.' };
        const { result, token } = await completeTokenLogin(fetch, this.serverUrl ?? '', this.pendingToken, code);
        if (result.ok) {
          this.token = token;
          this.pendingToken = null;
        }
        return result;
      }
      case 'logOut': {
        const { expired } = payload as { expired: boolean };
        if (expired && this.token && !this.settings.doNotDisturb) {
          this.notifications.push({
            ...notificationText(
              'Signed out of the staff console',
              'Your session has ended. Log in again to keep receiving chats.',
              'linux',
            ),
            conversationId: null,
          });
        }
        if (!expired && this.token && this.serverUrl) await logOutToken(fetch, this.serverUrl, this.token);
        this.token = null;
        this.attention.reset();
        this.unread.push(0);
        return undefined;
      }
      case 'catchUp':
        return this.alert(this.attention.catchUp(payload as Parameters<AttentionCenter['catchUp']>[0], now));
      case 'installUpdate':
        this.installs += 1;
        return undefined;
      case 'updateSettings':
        this.settings = { ...this.settings, ...(payload as Partial<ConsoleSettings>) };
        this.attention.updateSettings(this.settings);
        return this.settings;
      case 'newConversation': {
        const event = payload as { conversationId: string; visitorName: string };
        return this.alert(this.attention.newConversation(event.conversationId, event.visitorName, now));
      }
      case 'visitorMessage': {
        const event = payload as { conversationId: string; visitorName: string; text: string };
        return this.alert(this.attention.visitorMessage(event.conversationId, event.visitorName, event.text, now));
      }
      case 'conversationClosed':
        return this.attention.conversationClosed((payload as { conversationId: string }).conversationId);
      case 'conversationOpened':
        return this.attention.conversationOpened((payload as { conversationId: string | null }).conversationId);
      case 'setUnreadCount':
        this.unread.push((payload as { count: number }).count);
        return undefined;
      case 'itemAlert':
        return this.alert(this.attention.itemAlert(payload as ItemAlertReport));
    }
  }

  /** Installs the stand-in on a page, before it loads. */
  async attach(page: Page): Promise<void> {
    this.page = page;
    await page.exposeFunction('__desktopMain', (task: Task, payload: unknown) => this.run(task, payload));
    await page.addInitScript(() => {
      const call = (task: string, payload?: unknown) =>
        (window as unknown as { __desktopMain(task: string, payload: unknown): Promise<unknown> }).__desktopMain(
          task,
          payload,
        );
      const listeners = new Set<(id: string) => void>();
      const pathListeners = new Set<(path: string) => void>();
      const shortcutListeners = new Set<(action: string) => void>();
      const updateListeners = new Set<(version: string) => void>();
      Object.assign(window, {
        __openConversation: (id: string) => listeners.forEach((listener) => listener(id)),
        __openPath: (path: string) => pathListeners.forEach((listener) => listener(path)),
        __shortcut: (action: string) => shortcutListeners.forEach((listener) => listener(action)),
        __updateReady: (version: string) => updateListeners.forEach((listener) => listener(version)),
        desktop: {
          getState: () => call('getState'),
          setServer: (url: string | null) => call('setServer', { url }),
          logIn: (credentials: unknown) => call('logIn', credentials),
          logInSecondStep: (code: string) => call('logInSecondStep', { code }),
          logOut: (expired: boolean) => call('logOut', { expired }),
          updateSettings: (changes: unknown) => call('updateSettings', changes),
          newConversation: (event: unknown) => call('newConversation', event),
          visitorMessage: (event: unknown) => call('visitorMessage', event),
          conversationClosed: (conversationId: string) => call('conversationClosed', { conversationId }),
          conversationOpened: (conversationId: string | null) => call('conversationOpened', { conversationId }),
          setUnreadCount: (count: number) => call('setUnreadCount', { count }),
          catchUp: (summary: unknown) => call('catchUp', summary),
          installUpdate: () => call('installUpdate'),
          itemAlert: (event: unknown) => call('itemAlert', event),
          onOpenConversation: (listener: (id: string) => void) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
          onOpenPath: (listener: (path: string) => void) => {
            pathListeners.add(listener);
            return () => pathListeners.delete(listener);
          },
          onShortcut: (listener: (action: string) => void) => {
            shortcutListeners.add(listener);
            return () => shortcutListeners.delete(listener);
          },
          onUpdateReady: (listener: (version: string) => void) => {
            updateListeners.add(listener);
            return () => updateListeners.delete(listener);
          },
        },
      });
    });
    // Main's webRequest hook: the session header on the way out, for the server only.
    await page.route(
      (url) => this.serverUrl !== null && url.origin === this.serverUrl,
      async (route) => {
        const headers = withSessionAuthorization(
          route.request().url(),
          await route.request().allHeaders(),
          this.session(),
        );
        await route.continue(headers ? { headers } : undefined);
      },
    );
    // The chat socket's upgrade gets the same header: bridge the page's socket to the server with it.
    await page.routeWebSocket(/\/ws\/chat$/, (socket) => {
      if (this.offline) {
        void socket.close({ code: 1011, reason: 'offline' });
        return;
      }
      this.pageSockets.add(socket);
      const headers = withSessionAuthorization(socket.url(), {}, this.session()) ?? {};
      const upstream = new WebSocket(socket.url(), { headers, origin: this.renderer.origin });
      const waiting: string[] = [];
      upstream.on('open', () => waiting.splice(0).forEach((frame) => upstream.send(frame)));
      upstream.on('message', (data) => socket.send(data.toString()));
      upstream.on('close', (code, reason) =>
        socket.close({ code: code === 1005 || code === 1006 ? 1011 : code, reason: reason.toString() }),
      );
      upstream.on('error', () => undefined);
      socket.onMessage((frame) => {
        try {
          this.sentFrames.push(JSON.parse(String(frame)) as { type: string });
        } catch {
          // Not JSON: the server answers it.
        }
        if (upstream.readyState === WebSocket.OPEN) upstream.send(String(frame));
        else waiting.push(String(frame));
      });
      socket.onClose(() => {
        this.pageSockets.delete(socket);
        upstream.close();
      });
    });
  }
}

/**
 * The console page in Chromium with the main-process stand-in, on the given server (null: first run), at
 * `viewport` if given.
 */
export async function openConsole(
  browser: { newPage(options?: BrowserContextOptions): Promise<Page> },
  renderer: ConsoleRenderer,
  serverUrl: string | null,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; main: MainStandIn }> {
  renderer.serverUrl = serverUrl;
  const main = new MainStandIn(renderer, serverUrl);
  const page = await browser.newPage(viewport ? { viewport } : undefined);
  await main.attach(page);
  await page.goto(`${renderer.origin}/admin/chat`);
  return { page, main };
}

/**
 * Fills in and sends the console's login form (the caller waits for what
 * should follow); with the account's TOTP secret (admins: decision 169), the
 * second step too, with a code computed like the app's.
 */
export async function logInToConsole(
  page: Page,
  username: string,
  password: string,
  totpSecret?: string,
): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  if (!totpSecret) return;
  await page.getByLabel('Code from your authenticator app').fill(await nextTotpCode(totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** A visitor who started a chat on the website, with a real socket joined to it, and a way to write. */
export async function joinedVisitorChat(serverUrl: string, name: string) {
  const chat = await startVisitorChat(serverUrl, { visitorName: name, visitorEmail: null });
  const socket = await TestSocket.open(serverUrl, { cookie: chat.cookie });
  socket.send({ type: 'join', conversationId: chat.id, isAdmin: false });
  await socket.next('history');
  const say = (message: string) =>
    socket.send({
      type: 'message',
      conversationId: chat.id,
      message,
      senderType: 'visitor',
      clientId: crypto.randomUUID(),
    });
  return { ...chat, socket, say };
}
