/**
 * A test double of the `electron` module for the main-process and preload
 * unit tests (no Electron binary needed): records what the code asks of
 * Electron and lets tests play Electron's part (IPC calls, clicks, focus).
 * Use with `vi.mock('electron', () => import('../test/electron-fake'))`.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

class FakeWebContents extends EventEmitter {
  readonly sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  readonly reload = vi.fn();
  zoomLevel = 0;
  readonly setZoomLevel = vi.fn((level: number) => {
    this.zoomLevel = level;
  });
  readonly getZoomLevel = vi.fn(() => this.zoomLevel);
  readonly replaceMisspelling = vi.fn();
  readonly session = { addWordToSpellCheckerDictionary: vi.fn(() => true) };
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  /** Emits a cancellable event as Electron does; true when a listener prevented it. */
  attempt(event: string, url: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loadURL = vi.fn(async (_url: string) => undefined);
  readonly setTitle = vi.fn();
  readonly setOverlayIcon = vi.fn();
  readonly flashFrame = vi.fn();
  readonly restore = vi.fn(() => {
    this.minimized = false;
  });
  readonly show = vi.fn(() => {
    this.visible = true;
  });
  readonly focus = vi.fn(() => {
    this.focused = true;
  });
  readonly hide = vi.fn(() => {
    this.visible = false;
  });
  readonly maximize = vi.fn(() => {
    this.maximized = true;
  });
  readonly getNormalBounds = vi.fn(() => ({ x: 40, y: 30, width: 1100, height: 800 }));
  maximized = false;
  isMaximized(): boolean {
    return this.maximized;
  }
  isFullScreen(): boolean {
    return false;
  }
  /** Plays the user closing the window: true when the close went ahead (no listener prevented it). */
  userClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    return !prevented;
  }
  minimized = false;
  visible = true;
  focused = false;
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isFocused(): boolean {
    return this.focused;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

type InvokeHandler = (event: { senderFrame: FakeFrame | null }, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, InvokeHandler>(),
  handle: vi.fn((channel: string, handler: InvokeHandler) => {
    ipcMain.handlers.set(channel, handler);
  }),
  /** Plays a renderer's ipcRenderer.invoke from `frame`. */
  async invoke(channel: string, frame: FakeFrame | null, ...args: unknown[]): Promise<unknown> {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: frame }, ...args);
  },
};

export class Notification extends EventEmitter {
  static supported = true;
  static readonly shown: Notification[] = [];
  static isSupported(): boolean {
    return Notification.supported;
  }
  constructor(readonly options: { title?: string; body?: string; silent?: boolean; icon?: unknown }) {
    super();
  }
  show(): void {
    Notification.shown.push(this);
  }
}

const appEvents = new EventEmitter();

export const app = {
  getVersion: vi.fn(() => '1.0.0'),
  setBadgeCount: vi.fn(() => true),
  isPackaged: false,
  /** What requestSingleInstanceLock answers (false: another copy runs). */
  singleInstance: true,
  enableSandbox: vi.fn(),
  requestSingleInstanceLock: vi.fn(() => app.singleInstance),
  whenReady: vi.fn(async () => undefined),
  quit: vi.fn(),
  setAppUserModelId: vi.fn(),
  getPath: vi.fn((_name: string) => '/tmp/northstar-console-test'),
  setLoginItemSettings: vi.fn(),
  getLoginItemSettings: vi.fn(() => ({ openAtLogin: false, wasOpenedAtLogin: false })),
  on: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
    appEvents.on(event, listener);
    return app;
  }),
  /** Plays Electron emitting an app event. */
  emit(event: string, ...args: unknown[]): boolean {
    return appEvents.emit(event, ...args);
  },
};

interface FakeImage {
  file: string;
  size?: { width: number; height: number };
  resize(size: { width: number; height: number }): FakeImage;
}

export const nativeImage = {
  createFromPath: vi.fn((file: string): FakeImage => ({
    file,
    resize: (size) => ({ file, size, resize: () => ({ file, size, resize: () => ({}) as FakeImage }) }),
  })),
};

export class FakeSession {
  readonly permissionRequestHandler = { current: null as null | ((...args: unknown[]) => void) };
  readonly permissionCheckHandler = { current: null as null | ((...args: unknown[]) => boolean) };
  readonly setPermissionRequestHandler = vi.fn((handler: (...args: unknown[]) => void) => {
    this.permissionRequestHandler.current = handler;
  });
  readonly setPermissionCheckHandler = vi.fn((handler: (...args: unknown[]) => boolean) => {
    this.permissionCheckHandler.current = handler;
  });
  readonly protocol = { handle: vi.fn() };
  readonly webRequest = { onBeforeSendHeaders: vi.fn() };
  constructor(readonly partition: string) {}
}

export const session = {
  partitions: new Map<string, FakeSession>(),
  defaultSession: new FakeSession(''),
  fromPartition: vi.fn((partition: string) => {
    const existing = session.partitions.get(partition) ?? new FakeSession(partition);
    session.partitions.set(partition, existing);
    return existing;
  }),
};

interface FakeMenu {
  template: Record<string, unknown>[];
  popup: ReturnType<typeof vi.fn>;
}

export const Menu = {
  applicationMenu: null as FakeMenu | null,
  buildFromTemplate: vi.fn((template: Record<string, unknown>[]): FakeMenu => ({ template, popup: vi.fn() })),
  setApplicationMenu: vi.fn((menu: FakeMenu | null) => {
    Menu.applicationMenu = menu;
  }),
};

export class Tray extends EventEmitter {
  static readonly created: Tray[] = [];
  tooltip = '';
  title = '';
  menu: FakeMenu | null = null;
  destroyed = false;
  constructor(readonly image: FakeImage) {
    super();
    Tray.created.push(this);
  }
  setToolTip(tooltip: string): void {
    this.tooltip = tooltip;
  }
  setTitle(title: string): void {
    this.title = title;
  }
  setContextMenu(menu: FakeMenu): void {
    this.menu = menu;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export const screen = {
  getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]),
};

export const clipboard = {
  writeText: vi.fn(),
};

export const shell = {
  openExternal: vi.fn(async (_url: string) => undefined),
};

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
};

/** Reversible "encryption" that tests can tell from plain text. */
export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret' as string,
  isEncryptionAvailable: vi.fn(() => safeStorage.available),
  getSelectedStorageBackend: vi.fn(() => safeStorage.backend),
  encryptString: vi.fn((text: string) => Buffer.from(`sealed:${Buffer.from(text).toString('base64')}`)),
  decryptString: vi.fn((sealed: Buffer) => {
    const text = sealed.toString();
    if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided');
    return Buffer.from(text.slice('sealed:'.length), 'base64').toString();
  }),
};

/** A ClientRequest of net.request: records what was asked; tests answer with respond() or fail(). */
class FakeClientRequest extends EventEmitter {
  readonly headers: Record<string, string> = {};
  readonly written: string[] = [];
  ended = false;
  aborted = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
  }
  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  write(chunk: string): void {
    this.written.push(chunk);
  }
  end(): void {
    this.ended = true;
  }
  abort(): void {
    this.aborted = true;
  }
  respond(statusCode: number, headers: Record<string, string | string[]>, body: string): void {
    const response = Object.assign(new EventEmitter(), { statusCode, statusMessage: '', headers });
    this.emit('response', response);
    if (body) response.emit('data', Buffer.from(body));
    response.emit('end');
  }
}

export const net = {
  requests: [] as FakeClientRequest[],
  request: vi.fn((options: Record<string, unknown>) => {
    const request = new FakeClientRequest(options);
    net.requests.push(request);
    return request;
  }),
};

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    contextBridge.exposed.set(key, api);
  }),
};

export const ipcRenderer = new (class extends EventEmitter {
  readonly invoke = vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined);
})();

/** Forgets what earlier tests did. */
export function resetElectronFake(): void {
  BrowserWindow.created.length = 0;
  Tray.created.length = 0;
  appEvents.removeAllListeners();
  app.isPackaged = false;
  app.singleInstance = true;
  session.partitions.clear();
  Menu.applicationMenu = null;
  Notification.shown.length = 0;
  Notification.supported = true;
  net.requests.length = 0;
  ipcMain.handlers.clear();
  contextBridge.exposed.clear();
  ipcRenderer.removeAllListeners();
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
  vi.clearAllMocks();
}
