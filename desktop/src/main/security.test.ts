import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, resetElectronFake, shell } from '../test/electron-fake';
import { consoleContentSecurityPolicy } from './csp';
import { navigationDecision } from './navigation';
import { bringToFront, consoleWindowOptions, createConsoleWindow, lockNavigation } from './windows';

vi.mock('electron', () => import('../test/electron-fake'));

beforeEach(resetElectronFake);

describe('console window', () => {
  it('is isolated, sandboxed, without Node, with the preload as its only bridge', () => {
    const options = consoleWindowOptions('/app/preload/index.cjs', false);
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload/index.cjs',
      partition: 'persist:console',
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
      devTools: false,
    });
  });

  it('loads only the console page and keeps the title (with the unread count) to the main process', () => {
    const window = createConsoleWindow({
      preload: '/app/preload/index.cjs',
      devTools: false,
    }) as unknown as BrowserWindow;
    expect(window.loadURL).toHaveBeenCalledWith('app://console/admin/chat');
    let prevented = false;
    window.emit('page-title-updated', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('comes to the front from minimized or hidden', () => {
    const window = new BrowserWindow({});
    window.minimized = true;
    window.visible = false;
    bringToFront(window as never);
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });
});

describe('navigation', () => {
  it.each([
    ['app://console/admin', 'stay'],
    ['app://console/admin/chat?x=1', 'stay'],
    ['https://www.example.com/help', 'external'],
    ['http://localhost:3000/', 'external'],
    ['mailto:ada@example.com', 'external'],
    ['https://user:pw@example.com/', 'deny'],
    ['app://other/index.html', 'deny'],
    ['file:///etc/passwd', 'deny'],
    ['javascript:alert(1)', 'deny'],
    ['data:text/html,<script>alert(1)</script>', 'deny'],
    ['ms-settings:privacy', 'deny'],
    ['not a url', 'deny'],
  ])('%s → %s', (url, decision) => {
    expect(navigationDecision(url)).toBe(decision);
  });

  it('keeps pages on the console and sends web links to the system browser', () => {
    const window = new BrowserWindow({});
    const contents = window.webContents;
    lockNavigation(contents as never);
    expect(contents.attempt('will-navigate', 'app://console/admin')).toBe(false);
    expect(contents.attempt('will-navigate', 'https://www.example.com/')).toBe(true);
    expect(shell.openExternal).toHaveBeenCalledWith('https://www.example.com/');
    expect(contents.attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.attempt('will-redirect', 'https://elsewhere.example/')).toBe(true);
    expect(contents.attempt('will-attach-webview', 'https://www.example.com/')).toBe(true);
    expect(shell.openExternal).toHaveBeenCalledTimes(2);
  });

  it('never opens a window: web links go to the browser, anything else nowhere', () => {
    const contents = new BrowserWindow({}).webContents;
    lockNavigation(contents as never);
    expect(contents.windowOpenHandler?.({ url: 'https://www.example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://console/admin' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).toHaveBeenCalledWith('https://www.example.com/');
  });
});

describe('content security policy', () => {
  it('allows the page only its own code and the configured server', () => {
    const policy = consoleContentSecurityPolicy('https://www.example.com');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain('connect-src https://www.example.com wss://www.example.com');
    expect(policy).toContain("img-src 'self' data: blob: https://www.example.com;");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(consoleContentSecurityPolicy('http://localhost:3000')).toContain(
      'connect-src http://localhost:3000 ws://localhost:3000',
    );
    expect(consoleContentSecurityPolicy(null)).toContain("connect-src 'none'");
    expect(consoleContentSecurityPolicy(null)).toContain("img-src 'self' data: blob:;");
  });
});
