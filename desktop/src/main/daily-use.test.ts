import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../common/ipc-schemas';
import { AttentionCenter } from './attention';
import { autostartEntry } from './login-item';
import { contextMenuTemplate, nextZoomLevel } from './menus';
import { trayMenuTemplate, trayTooltip } from './tray';
import { ConsoleUpdater, updateSource } from './updater';
import { readPlacement, restoredBounds, writePlacement } from './window-state';

vi.mock('electron', () => import('../test/electron-fake'));

const settings = { ...defaultSettings };
const a = '6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';
const b = '7a2d3c9f-2e3b-4d4c-8f5a-6b7c8d9e0f1a';

describe('catching up after a reconnect', () => {
  it('says what arrived in one summary and stops reminders for conversations closed meanwhile', () => {
    const center = new AttentionCenter(settings);
    center.newConversation(a, 'Ada', 0);
    center.newConversation(b, 'Bob', 0);
    const alert = center.catchUp({ newConversations: 2, newMessages: 5, openConversationIds: [b] }, 1_000);
    expect(alert).toEqual({
      title: 'While you were disconnected',
      body: '2 new conversations and 5 new messages.',
      conversationId: null,
      silent: false,
    });
    expect(center.waitingCount).toBe(1);
    expect(center.tick(40_000)?.body).toBe('Bob');
  });

  it('raises nothing when nothing arrived, and nothing in do not disturb', () => {
    const center = new AttentionCenter(settings);
    expect(center.catchUp({ newConversations: 0, newMessages: 0, openConversationIds: [] }, 0)).toBeNull();
    center.updateSettings({ ...settings, doNotDisturb: true });
    expect(center.catchUp({ newConversations: 1, newMessages: 1, openConversationIds: [] }, 0)).toBeNull();
    center.updateSettings(settings);
    expect(center.catchUp({ newConversations: 0, newMessages: 1, openConversationIds: [] }, 0)?.body).toBe(
      '1 new message.',
    );
  });
});

describe('window placement', () => {
  const screens = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  const minimum = { width: 720, height: 600 };

  it('reopens where it was, at least at the minimum size', () => {
    expect(restoredBounds({ x: 10, y: 20, width: 500, height: 400, maximized: false }, screens, minimum)).toEqual({
      x: 10,
      y: 20,
      width: 720,
      height: 600,
    });
  });

  it('falls back to the default when the title bar would be off every screen', () => {
    const gone = { x: 1900, y: 20, width: 800, height: 600, maximized: false };
    expect(restoredBounds(gone, screens, minimum)).toBeNull();
    expect(restoredBounds({ ...gone, x: 100, y: -50 }, screens, minimum)).toBeNull();
    expect(restoredBounds(null, screens, minimum)).toBeNull();
  });

  it('reads back what it wrote, and nothing from a damaged file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'placement-'));
    const file = path.join(dir, 'window-state.json');
    expect(readPlacement(file)).toBeNull();
    writePlacement(file, { x: 1, y: 2, width: 800, height: 700, maximized: true });
    expect(readPlacement(file)).toEqual({ x: 1, y: 2, width: 800, height: 700, maximized: true });
    writeFileSync(file, '{"x": "left"}');
    expect(readPlacement(file)).toBeNull();
  });
});

describe('tray', () => {
  it('carries the waiting count and do not disturb, and quits only from its Quit item', () => {
    const actions = { open: vi.fn(), setDoNotDisturb: vi.fn(), quit: vi.fn() };
    expect(trayTooltip({ attention: 0, doNotDisturb: false })).toBe('Northstar Staff Console');
    expect(trayTooltip({ attention: 2, doNotDisturb: true })).toBe(
      'Northstar Staff Console — 2 waiting — do not disturb',
    );
    const menu = trayMenuTemplate({ attention: 2, doNotDisturb: false }, actions);
    expect(menu.map((item) => item.label ?? item.type)).toEqual([
      'Open Console (2 waiting)',
      'Do Not Disturb',
      'separator',
      'Quit Northstar Staff Console',
    ]);
    menu[1]?.click?.({ checked: true } as never, undefined, undefined as never);
    expect(actions.setDoNotDisturb).toHaveBeenCalledWith(true);
    expect(actions.quit).not.toHaveBeenCalled();
  });
});

describe('context menu and zoom', () => {
  const target = { replaceMisspelling: vi.fn(), addToDictionary: vi.fn(), copyText: vi.fn() };
  const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true } as never;

  it('offers copy on selected text and the link address on links, and nothing elsewhere', () => {
    const plain = { isEditable: false, misspelledWord: '', dictionarySuggestions: [], editFlags: flags };
    expect(contextMenuTemplate({ ...plain, selectionText: 'hello', linkURL: '' }, target)).toEqual([{ role: 'copy' }]);
    expect(contextMenuTemplate({ ...plain, selectionText: ' ', linkURL: '' }, target)).toEqual([]);
    const link = contextMenuTemplate({ ...plain, selectionText: '', linkURL: 'https://example.com/x' }, target);
    expect(link.map((item) => item.label)).toEqual(['Copy Link Address']);
    link[0]?.click?.(undefined as never, undefined, undefined as never);
    expect(target.copyText).toHaveBeenCalledWith('https://example.com/x');
    expect(contextMenuTemplate({ ...plain, selectionText: '', linkURL: 'javascript:alert(1)' }, target)).toEqual([]);
  });

  it('says so when a misspelled word has no suggestion', () => {
    const menu = contextMenuTemplate(
      {
        isEditable: true,
        selectionText: '',
        misspelledWord: 'qwzx',
        dictionarySuggestions: [],
        editFlags: flags,
        linkURL: '',
      },
      target,
    );
    expect(menu[0]).toEqual({ label: 'No Spelling Suggestions', enabled: false });
    menu[1]?.click?.(undefined as never, undefined, undefined as never);
    expect(target.addToDictionary).toHaveBeenCalledWith('qwzx');
  });

  it('steps the zoom within bounds', () => {
    expect(nextZoomLevel(0, 'in')).toBe(1);
    expect(nextZoomLevel(5, 'in')).toBe(5);
    expect(nextZoomLevel(-3, 'out')).toBe(-3);
    expect(nextZoomLevel(0.5, 'out')).toBe(0);
    expect(nextZoomLevel(3, 'reset')).toBe(0);
  });
});

describe('start at login', () => {
  it('writes an autostart entry that starts hidden, with the path quoted', () => {
    expect(autostartEntry('/opt/North Star/console')).toContain('Exec="/opt/North Star/console" --hidden');
    expect(autostartEntry('/tmp/$HOME"x')).toContain('Exec="/tmp/\\$HOME\\"x" --hidden');
  });
});

describe('updates', () => {
  function fakeUpdater() {
    const listeners = new Map<string, (arg: unknown) => void>();
    return {
      autoDownload: false,
      autoInstallOnAppQuit: false,
      setFeedURL: vi.fn(),
      checkForUpdates: vi.fn(async () => null),
      quitAndInstall: vi.fn(),
      on: vi.fn((event: string, listener: (arg: unknown) => void) => {
        listeners.set(event, listener);
      }),
      emit: (event: string, arg: unknown) => listeners.get(event)?.(arg),
    };
  }

  it('updates only a packaged app with a feed, and only over HTTPS (or HTTP to this machine)', () => {
    const resources = mkdtempSync(path.join(tmpdir(), 'resources-'));
    const options = { packaged: true, override: undefined, resourcesPath: resources };
    expect(updateSource({ ...options, packaged: false, override: 'https://updates.example.com/' })).toBeNull();
    expect(updateSource(options)).toBeNull();
    mkdirSync(resources, { recursive: true });
    writeFileSync(path.join(resources, 'app-update.yml'), 'provider: generic\nurl: https://updates.example.com/\n');
    expect(existsSync(path.join(resources, 'app-update.yml'))).toBe(true);
    expect(updateSource(options)).toBe('packaged-feed');
    expect(updateSource({ ...options, override: 'https://updates.example.com/console/' })).toEqual({
      url: 'https://updates.example.com/console/',
    });
    expect(updateSource({ ...options, override: 'http://127.0.0.1:8080/' })).toEqual({
      url: 'http://127.0.0.1:8080/',
    });
    expect(updateSource({ ...options, override: 'http://updates.example.com/' })).toBeNull();
    expect(updateSource({ ...options, override: 'not a url' })).toBeNull();
  });

  it('downloads in the background and installs only when staff restart', () => {
    const updater = fakeUpdater();
    const ready = vi.fn();
    const console = new ConsoleUpdater(updater as never, { ready, log: vi.fn() });
    console.start({ url: 'https://updates.example.com/' });
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example.com/' });
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(console.install()).toBe(false);
    updater.emit('update-downloaded', { version: '1.5.0' });
    expect(ready).toHaveBeenCalledWith('1.5.0');
    expect(console.ready).toBe('1.5.0');
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(console.install()).toBe(true);
    expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true);
    console.stop();
  });
});
