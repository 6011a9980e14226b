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

export const app = {
  getVersion: vi.fn(() => '1.0.0'),
  setBadgeCount: vi.fn(() => true),
};

export const nativeImage = {
  createFromPath: vi.fn((file: string) => ({ file })),
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
