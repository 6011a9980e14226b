/**
 * The desktop staff console's main process: one window showing the web
 * app's /admin and /admin/chat screens from the built renderer, talking to
 * the configured server with a bearer session it keeps to itself, and
 * raising native notifications for chat activity. See docs/decisions/050-055.
 */
import path from 'node:path';
import { app, session } from 'electron';
import { registerAppScheme, serveConsole } from './app-protocol';
import { showAlert, showUnread } from './alerts';
import { withSessionAuthorization } from './auth-header';
import { ConsoleController } from './console-controller';
import { consoleFetch } from './console-fetch';
import { ConsoleStore } from './console-store';
import { APP_ID, CONSOLE_PARTITION } from './constants';
import { registerIpc } from './ipc';
import { TokenStore } from './token-store';
import { bringToFront, createConsoleWindow, lockNavigation } from './windows';

const distDir = path.resolve(__dirname, '..');
const assetsDir = path.join(distDir, 'assets');
const TICK_MS = 5_000;

registerAppScheme();
// Every renderer sandboxed, whatever a window asks for.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Windows shows notifications only for an app whose AppUserModelID matches its shortcut (the installer's appId).
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents));
  void app.whenReady().then(start);
}

function start(): void {
  const userData = app.getPath('userData');
  let window: ReturnType<typeof createConsoleWindow> | null = null;
  const controller = new ConsoleController({
    store: new ConsoleStore(path.join(userData, 'console.json')),
    tokens: new TokenStore(path.join(userData, 'session-token')),
    // The default session: the console window's header hook is not there, and main sets its own headers.
    fetch: consoleFetch(session.defaultSession),
    window: () => window,
    showAlert: (alert) => showAlert(alert, assetsDir, (id) => controller.openConversation(id)),
    showUnread: (unread) => showUnread(window, unread, assetsDir),
  });

  const consoleSession = session.fromPartition(CONSOLE_PARTITION);
  consoleSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  consoleSession.setPermissionCheckHandler(() => false);
  serveConsole(consoleSession, path.join(distDir, 'renderer'), () => controller.session().serverOrigin);
  consoleSession.webRequest.onBeforeSendHeaders((details, callback) => {
    const headers = withSessionAuthorization(details.url, details.requestHeaders, controller.session());
    callback(headers ? { requestHeaders: headers } : {});
  });
  registerIpc(controller.handlers, (task, reason) => console.warn(`IPC ${task} refused: ${reason}`));

  window = createConsoleWindow(path.join(distDir, 'preload', 'index.cjs'), !app.isPackaged);
  window.on('focus', () => controller.windowFocused(true));
  window.on('blur', () => controller.windowFocused(false));
  window.on('closed', () => {
    window = null;
  });
  app.on('second-instance', () => {
    if (window) bringToFront(window);
  });
  setInterval(() => controller.tick(), TICK_MS).unref();
  // One window is the app: closing it quits (notifications need the console running).
  app.on('window-all-closed', () => app.quit());
}
