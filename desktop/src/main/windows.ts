import { BrowserWindow, shell, type BrowserWindowConstructorOptions, type WebContents } from 'electron';
import { CONSOLE_PARTITION, PRODUCT_NAME, START_URL } from './constants';
import { navigationDecision } from './navigation';

/**
 * The console window, per Electron's security checklist: isolated, sandboxed
 * renderer without Node, the preload as its only bridge, its own session.
 */
export function consoleWindowOptions(preload: string, devTools: boolean): BrowserWindowConstructorOptions {
  return {
    title: PRODUCT_NAME,
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 600,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload,
      partition: CONSOLE_PARTITION,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools,
    },
  };
}

/**
 * Every web contents stays on the console's pages: a link to the web opens
 * in the system browser (mail links in the mail program), nothing else
 * navigates, no window opens, no <webview> attaches.
 */
export function lockNavigation(contents: WebContents): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = navigationDecision(url);
    if (decision === 'stay') return;
    event.preventDefault();
    if (decision === 'external') void shell.openExternal(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (navigationDecision(url) === 'external') void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function createConsoleWindow(preload: string, devTools: boolean): BrowserWindow {
  const window = new BrowserWindow(consoleWindowOptions(preload, devTools));
  // The title is the main process's: it carries the unread count.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  void window.loadURL(START_URL);
  return window;
}

/** Brings the window to the front (a notification was clicked, or the app was started again). */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
