/**
 * The desktop staff console's main process: one window showing the web
 * app's staff console from the built renderer, talking to the configured
 * server with a bearer session it keeps to itself, raising native
 * notifications, and staying in the tray when its window is closed.
 * See docs/decisions/050-055 and 120-124.
 */
import path from 'node:path';
import { app, clipboard, Menu, screen, session } from 'electron';
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

function start(): void {
  const userData = app.getPath('userData');
  const store = new ConsoleStore(path.join(userData, 'console.json'));
  const placementFile = path.join(userData, 'window-state.json');
  let window: ReturnType<typeof createConsoleWindow> | null = null;
  let tray: ConsoleTray | null = null;
  // Closing the window hides it; only these make the app quit (see closeToTray).
  let quitting = false;
  const quit = () => {
    quitting = true;
    app.quit();
  };
  app.on('before-quit', () => {
    quitting = true;
  });

  // Updates only for a packaged app with a feed (electron-updater's autoUpdater is created on first use).
  const source = updateSource({
    packaged: app.isPackaged,
    override: process.env.NORTHSTAR_UPDATE_URL,
    resourcesPath: process.resourcesPath,
  });
  const updater = source
    ? new ConsoleUpdater(autoUpdater, {
        ready: (version) => window?.webContents.send(IPC.updateReady, version),
        log: (message) => console.warn(message),
      })
    : null;
  const controller = new ConsoleController({
    store,
    tokens: new TokenStore(path.join(userData, 'session-token')),
    // The default session: the console window's header hook is not there, and main sets its own headers.
    fetch: consoleFetch(session.defaultSession),
    window: () => window,
    showAlert: (alert) => showAlert(alert, assetsDir, (clicked) => controller.openAlert(clicked)),
    showUnread: (unread) => {
      showUnread(window, unread, assetsDir);
      tray?.update({ attention: unread });
    },
    settingsChanged: (settings) => {
      tray?.update({ doNotDisturb: settings.doNotDisturb });
      applyStartAtLogin(settings.startAtLogin);
    },
    updateReady: () => updater?.ready ?? null,
    installUpdate: () => {
      quitting = true;
      if (!updater?.install()) quitting = false;
    },
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

  const open = () => {
    if (window) bringToFront(window);
  };
  window = createConsoleWindow({
    preload: path.join(distDir, 'preload', 'index.cjs'),
    devTools: !app.isPackaged,
    placement: readPlacement(placementFile),
    workAreas: screen.getAllDisplays().map((display) => display.workArea),
    hidden: startedAtLogin(),
  });
  const contents = window.webContents;
  rememberPlacement(window, (placement) => writePlacement(placementFile, placement));
  closeToTray(window, () => quitting);
  window.on('focus', () => controller.windowFocused(true));
  window.on('blur', () => controller.windowFocused(false));
  window.on('hide', () => controller.windowFocused(false));
  window.on('closed', () => {
    window = null;
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

  tray = new ConsoleTray(assetsDir, {
    open,
    setDoNotDisturb: (on) => controller.setDoNotDisturb(on),
    quit,
  });
  tray.update({ doNotDisturb: store.settings.doNotDisturb });

  app.on('second-instance', open);
  // macOS: clicking the Dock icon brings the hidden window back.
  app.on('activate', open);
  setInterval(() => controller.tick(), TICK_MS).unref();

  if (source) updater?.start(source);
}
