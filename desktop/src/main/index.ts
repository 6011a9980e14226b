/**
 * The desktop staff console's main process: one window showing the web
 * app's staff console from the built renderer, talking to the configured
 * server with a bearer session it keeps to itself, raising native
 * notifications, and staying in the tray when its window is closed.
 * See docs/decisions/050-055 and 120-124.
 */
import path from 'node:path';
import { app, clipboard, Menu, screen, session, type BrowserWindow, type WebContents } from 'electron';
import { autoUpdater } from 'electron-updater';
import { IPC } from '../common/ipc-channels';
import { showAlert, showUnread } from './alerts';
import { registerAppScheme, serveConsole } from './app-protocol';
import { withSessionAuthorization } from './auth-header';
import { ConsoleController } from './console-controller';
import { consoleFetch } from './console-fetch';
import { ConsoleStore } from './console-store';
import { APP_ID, CONSOLE_PARTITION } from './constants';
import { registerIpc } from './ipc';
import { applyStartAtLogin, startedAtLogin } from './login-item';
import { appMenuTemplate, contextMenuTemplate, nextZoomLevel } from './menus';
import { TokenStore } from './token-store';
import { ConsoleTray } from './tray';
import { ConsoleUpdater, updateSource } from './updater';
import { readPlacement, writePlacement } from './window-state';
import { bringToFront, closeToTray, createConsoleWindow, lockNavigation, rememberPlacement } from './windows';

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

/** What the steps below share: the window and tray once made, and whether the app is quitting. */
interface Shell {
  window: BrowserWindow | null;
  tray: ConsoleTray | null;
  // Closing the window hides it; only quitting lets it close (see closeToTray).
  quitting: boolean;
}

/**
 * Once Electron is ready, in this order: the updater and the controller, the console's session and the IPC
 * handlers, then the window, the application menu and the tray; last the app's own events and the tick.
 */
function start(): void {
  const userData = app.getPath('userData');
  const store = new ConsoleStore(path.join(userData, 'console.json'));
  const shell: Shell = { window: null, tray: null, quitting: false };
  const quit = () => {
    shell.quitting = true;
    app.quit();
  };
  app.on('before-quit', () => {
    shell.quitting = true;
  });

  const source = updateSource({
    packaged: app.isPackaged,
    override: process.env.NORTHSTAR_UPDATE_URL,
    resourcesPath: process.resourcesPath,
  });
  const updater = createUpdater(source, shell);
  const controller = createController(userData, store, updater, shell);
  prepareConsoleSession(controller);
  registerIpc(controller.handlers, (task, reason) => console.warn(`IPC ${task} refused: ${reason}`));

  const open = () => {
    if (shell.window) bringToFront(shell.window);
  };
  const contents = openConsoleWindow(path.join(userData, 'window-state.json'), store, controller, shell);
  setApplicationMenu(contents, store, open, quit);
  shell.tray = new ConsoleTray(assetsDir, {
    open,
    setDoNotDisturb: (on) => controller.setDoNotDisturb(on),
    quit,
  });
  shell.tray.update({ doNotDisturb: store.settings.doNotDisturb });

  app.on('second-instance', open);
  // macOS: clicking the Dock icon brings the hidden window back.
  app.on('activate', open);
  setInterval(() => controller.tick(), TICK_MS).unref();

  if (source) updater?.start(source);
}

/** Updates only for a packaged app with a feed (electron-updater's autoUpdater is created on first use). */
function createUpdater(source: ReturnType<typeof updateSource>, shell: Shell): ConsoleUpdater | null {
  if (!source) return null;
  return new ConsoleUpdater(autoUpdater, {
    ready: (version) => shell.window?.webContents.send(IPC.updateReady, version),
    log: (message) => console.warn(message),
  });
}

/** The console's main-process side: session and token, alerts, the unread count, settings, updates. */
function createController(
  userData: string,
  store: ConsoleStore,
  updater: ConsoleUpdater | null,
  shell: Shell,
): ConsoleController {
  const controller: ConsoleController = new ConsoleController({
    store,
    tokens: new TokenStore(path.join(userData, 'session-token')),
    // The default session: the console window's header hook is not there, and main sets its own headers.
    fetch: consoleFetch(session.defaultSession),
    window: () => shell.window,
    showAlert: (alert) => showAlert(alert, assetsDir, (clicked) => controller.openAlert(clicked)),
    showUnread: (unread) => {
      showUnread(shell.window, unread, assetsDir);
      shell.tray?.update({ attention: unread });
    },
    settingsChanged: (settings) => {
      shell.tray?.update({ doNotDisturb: settings.doNotDisturb });
      applyStartAtLogin(settings.startAtLogin);
    },
    updateReady: () => updater?.ready ?? null,
    installUpdate: () => {
      shell.quitting = true;
      if (!updater?.install()) shell.quitting = false;
    },
  });
  return controller;
}

/** The console window's session: no permission granted, the renderer served from disk, the bearer session added. */
function prepareConsoleSession(controller: ConsoleController): void {
  const consoleSession = session.fromPartition(CONSOLE_PARTITION);
  consoleSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  consoleSession.setPermissionCheckHandler(() => false);
  serveConsole(consoleSession, path.join(distDir, 'renderer'), () => controller.session().serverOrigin);
  consoleSession.webRequest.onBeforeSendHeaders((details, callback) => {
    const headers = withSessionAuthorization(details.url, details.requestHeaders, controller.session());
    callback(headers ? { requestHeaders: headers } : {});
  });
}

/**
 * The one window, where it was last (hidden when started at login): its focus
 * tells the controller, closing hides it to the tray, its zoom is restored and
 * its context menu offers spelling and copy. Returns its contents.
 */
function openConsoleWindow(
  placementFile: string,
  store: ConsoleStore,
  controller: ConsoleController,
  shell: Shell,
): WebContents {
  const window = createConsoleWindow({
    preload: path.join(distDir, 'preload', 'index.cjs'),
    devTools: !app.isPackaged,
    placement: readPlacement(placementFile),
    workAreas: screen.getAllDisplays().map((display) => display.workArea),
    hidden: startedAtLogin(),
  });
  shell.window = window;
  const contents = window.webContents;
  rememberPlacement(window, (placement) => writePlacement(placementFile, placement));
  closeToTray(window, () => shell.quitting);
  window.on('focus', () => controller.windowFocused(true));
  window.on('blur', () => controller.windowFocused(false));
  window.on('hide', () => controller.windowFocused(false));
  window.on('closed', () => {
    shell.window = null;
  });
  contents.on('did-finish-load', () => contents.setZoomLevel(store.zoomLevel));
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, {
      replaceMisspelling: (word) => contents.replaceMisspelling(word),
      addToDictionary: (word) => contents.session.addWordToSpellCheckerDictionary(word),
      copyText: (text) => clipboard.writeText(text),
    });
    if (template.length > 0) Menu.buildFromTemplate(template).popup();
  });
  return contents;
}

/** The application menu: quit, the console's shortcuts (bringing the window forward), and zoom (remembered). */
function setApplicationMenu(contents: WebContents, store: ConsoleStore, open: () => void, quit: () => void): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        isMac: process.platform === 'darwin',
        quit,
        shortcut: (action) => {
          open();
          contents.send(IPC.shortcut, action);
        },
        zoom: (direction) => {
          const level = nextZoomLevel(contents.getZoomLevel(), direction);
          contents.setZoomLevel(level);
          store.setZoomLevel(level);
        },
      }),
    ),
  );
}
