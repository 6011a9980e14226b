import { BrowserWindow, shell, type BrowserWindowConstructorOptions, type WebContents } from 'electron';
import { CONSOLE_PARTITION, PRODUCT_NAME, START_URL } from './constants';
import { navigationDecision } from './navigation';
import { restoredBounds, type WindowPlacement } from './window-state';

/**
 * The console window, per Electron's security checklist: isolated, sandboxed
 * renderer without Node, the preload as its only bridge, its own session.
 */
export const WINDOW_MINIMUM = { width: 720, height: 600 } as const;

export function consoleWindowOptions(
  preload: string,
  devTools: boolean,
  bounds: { x: number; y: number; width: number; height: number } | null = null,
): BrowserWindowConstructorOptions {
  return {
    title: PRODUCT_NAME,
    width: 1280,
    height: 860,
    ...bounds,
    minWidth: WINDOW_MINIMUM.width,
    minHeight: WINDOW_MINIMUM.height,
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
      spellcheck: true,
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

interface ConsoleWindowOptions {
  preload: string;
  devTools: boolean;
  /** Where it was last time (window-state.ts), or null for the default size, centred. */
  placement?: WindowPlacement | null;
  workAreas?: readonly { x: number; y: number; width: number; height: number }[];
  /** Started at login: stay in the tray until opened. */
  hidden?: boolean;
}

export function createConsoleWindow(options: ConsoleWindowOptions): BrowserWindow {
  const placement = options.placement ?? null;
  const bounds = restoredBounds(placement, options.workAreas ?? [], WINDOW_MINIMUM);
  const window = new BrowserWindow(consoleWindowOptions(options.preload, options.devTools, bounds));
  if (bounds && placement?.maximized) window.maximize();
  // The title is the main process's: it carries the unread count.
  window.on('page-title-updated', (event) => event.preventDefault());
  if (!options.hidden) window.once('ready-to-show', () => window.show());
  void window.loadURL(START_URL);
  return window;
}

/** Saves where the window is whenever it stops moving or resizing, and as it closes. */
export function rememberPlacement(window: BrowserWindow, save: (placement: WindowPlacement) => void): void {
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    save({ ...window.getNormalBounds(), maximized: window.isMaximized() });
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(write, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('maximize', write);
  window.on('unmaximize', write);
  window.on('close', write);
}

/**
 * Closing the window hides it: the console keeps running in the tray (chats
 * still notify). Only an explicit quit (tray, menu, Ctrl/⌘+Q, the system
 * logging out, installing an update) lets it close, once `quitting()` says so.
 */
export function closeToTray(window: BrowserWindow, quitting: () => boolean): void {
  window.on('close', (event) => {
    if (quitting()) return;
    event.preventDefault();
    window.hide();
  });
}

/** Brings the window to the front (a notification was clicked, or the app was started again). */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
