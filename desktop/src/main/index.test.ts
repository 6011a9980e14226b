import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../common/ipc-channels';
import type * as ElectronFake from '../test/electron-fake';

vi.mock('electron', () => import('../test/electron-fake'));

type Fake = typeof ElectronFake;

const consoleFrame = { url: 'app://console/admin/chat', parent: null };
let userData: string;
let configHome: string;
const savedConfigHome = process.env.XDG_CONFIG_HOME;

beforeEach(() => {
  userData = mkdtempSync(path.join(tmpdir(), 'console-main-'));
  configHome = mkdtempSync(path.join(tmpdir(), 'console-xdg-'));
  process.env.XDG_CONFIG_HOME = configHome;
});

afterEach(() => {
  if (savedConfigHome === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = savedConfigHome;
});

/** Runs the main process's entry (index.ts) against a fresh electron double, as Electron would start it. */
async function startMain(prepare: (fake: Fake) => void = () => undefined) {
  vi.resetModules();
  const fake = (await import('electron')) as unknown as Fake;
  fake.resetElectronFake();
  fake.app.getPath.mockImplementation(() => userData);
  prepare(fake);
  await import('./index');
  // whenReady() resolved: let start() run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const window = fake.BrowserWindow.created[0];
  const tray = fake.Tray.created[0];
  const trayItem = (label: RegExp) => {
    const item = tray?.menu?.template.find((entry) => label.test(String(entry.label)));
    if (!item) throw new Error(`no tray item ${label}`);
    return item as { label: string; checked?: boolean; click(item?: { checked: boolean }): void };
  };
  return { fake, window, tray, trayItem };
}

describe('main process start (index.ts)', () => {
  it('sandboxes every renderer and refuses every permission request in the console session', async () => {
    const { fake } = await startMain();
    expect(fake.app.enableSandbox).toHaveBeenCalled();
    const consoleSession = fake.session.partitions.get('persist:console');
    const decided: boolean[] = [];
    consoleSession?.permissionRequestHandler.current?.({}, 'notifications', (allowed: boolean) =>
      decided.push(allowed),
    );
    consoleSession?.permissionRequestHandler.current?.({}, 'media', (allowed: boolean) => decided.push(allowed));
    expect(decided).toEqual([false, false]);
    expect(consoleSession?.permissionCheckHandler.current?.({}, 'clipboard-read')).toBe(false);
    expect(consoleSession?.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('runs once: a second copy quits at once, and the first comes to the front', async () => {
    const second = await startMain((fake) => {
      fake.app.singleInstance = false;
    });
    expect(second.fake.app.quit).toHaveBeenCalled();
    expect(second.window).toBeUndefined();

    const first = await startMain();
    first.window?.hide();
    first.fake.app.emit('second-instance');
    expect(first.window?.isVisible()).toBe(true);
    expect(first.window?.focus).toHaveBeenCalled();
  });

  it('hides to the tray when the window is closed, and quits only when asked', async () => {
    const { fake, window, tray, trayItem } = await startMain();
    expect(tray).toBeDefined();
    expect(window?.userClose()).toBe(false);
    expect(window?.isVisible()).toBe(false);
    expect(fake.app.quit).not.toHaveBeenCalled();

    tray?.emit('click');
    expect(window?.isVisible()).toBe(true);
    trayItem(/^Open Console/).click();
    expect(window?.focus).toHaveBeenCalled();

    trayItem(/^Quit/).click();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(window?.userClose()).toBe(true);
  });

  it('lets the window close when the system quits the app (log out, shutdown, Cmd+Q)', async () => {
    const { fake, window } = await startMain();
    fake.app.emit('before-quit');
    expect(window?.userClose()).toBe(true);
  });

  it('shows the waiting count and Do not disturb in the tray', async () => {
    const { fake, tray, trayItem } = await startMain();
    await fake.ipcMain.invoke(IPC.setUnreadCount, consoleFrame, { count: 3 });
    expect(tray?.tooltip).toBe('Northstar Staff Console — 3 waiting');
    expect(trayItem(/^Open Console/).label).toBe('Open Console (3 waiting)');

    expect(trayItem(/Do Not Disturb/).checked).toBe(false);
    trayItem(/Do Not Disturb/).click({ checked: true });
    const state = (await fake.ipcMain.invoke(IPC.getState, consoleFrame)) as { settings: { doNotDisturb: boolean } };
    expect(state.settings.doNotDisturb).toBe(true);
    expect(trayItem(/Do Not Disturb/).checked).toBe(true);
    expect(tray?.tooltip).toContain('do not disturb');
  });

  it('raises a notification per kind of item, opens the item on click, and follows each kind’s switch', async () => {
    const { fake, window } = await startMain();
    const order = '6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';
    const enquiry = '7a2d3c9f-2e3b-4d4c-8f5a-6b7c8d9e0f1a';
    await fake.ipcMain.invoke(IPC.itemAlert, consoleFrame, {
      kind: 'order.paid',
      id: order,
      detail: 'NS-10427 · Ada Lovelace · $597.00',
      onScreen: false,
    });
    await fake.ipcMain.invoke(IPC.itemAlert, consoleFrame, {
      kind: 'enquiry.created',
      id: enquiry,
      detail: null,
      onScreen: false,
    });
    expect(fake.Notification.shown.map((shown) => shown.options)).toEqual([
      expect.objectContaining({ title: 'New paid order', body: 'NS-10427 · Ada Lovelace · $597.00', silent: false }),
      expect.objectContaining({ title: 'New enquiry', body: 'Someone sent the contact form.' }),
    ]);

    window?.hide();
    fake.Notification.shown[0]?.emit('click');
    expect(window?.isVisible()).toBe(true);
    expect(window?.focus).toHaveBeenCalled();
    fake.Notification.shown[1]?.emit('click');
    expect(window?.webContents.sent.filter((message) => message.channel === IPC.openPath)).toEqual([
      { channel: IPC.openPath, args: [`/admin/orders/${order}`] },
      { channel: IPC.openPath, args: [`/admin/enquiries?id=${enquiry}`] },
    ]);

    // Paid orders switched off: none for them, enquiries still notify; the switch is kept in console.json.
    await fake.ipcMain.invoke(IPC.updateSettings, consoleFrame, { orderAlerts: false });
    await fake.ipcMain.invoke(IPC.itemAlert, consoleFrame, {
      kind: 'order.paid',
      id: order,
      detail: null,
      onScreen: false,
    });
    await fake.ipcMain.invoke(IPC.itemAlert, consoleFrame, {
      kind: 'enquiry.created',
      id: enquiry,
      detail: null,
      onScreen: false,
    });
    expect(fake.Notification.shown.map((shown) => shown.options.title)).toEqual([
      'New paid order',
      'New enquiry',
      'New enquiry',
    ]);
    const stored = JSON.parse(readFileSync(path.join(userData, 'console.json'), 'utf8')) as {
      settings: Record<string, boolean>;
    };
    expect(stored.settings).toMatchObject({ orderAlerts: false, enquiryAlerts: true });

    // A report that does not parse is refused before anything is shown.
    await expect(
      fake.ipcMain.invoke(IPC.itemAlert, consoleFrame, {
        kind: 'order.refunded',
        id: order,
        detail: null,
        onScreen: false,
      }),
    ).rejects.toThrow('Refused: invalid request');
    expect(fake.Notification.shown).toHaveLength(3);
  });

  it('opens where the window was last time, and remembers where it is', async () => {
    writeFileSync(
      path.join(userData, 'window-state.json'),
      JSON.stringify({ x: 200, y: 100, width: 1000, height: 700, maximized: false }),
    );
    const { window } = await startMain();
    expect(window?.options).toMatchObject({ x: 200, y: 100, width: 1000, height: 700 });
    window?.emit('close', { preventDefault: () => undefined });
    expect(JSON.parse(readFileSync(path.join(userData, 'window-state.json'), 'utf8'))).toEqual({
      x: 40,
      y: 30,
      width: 1100,
      height: 800,
      maximized: false,
    });
  });

  it('ignores a saved place that is no longer on any screen', async () => {
    writeFileSync(
      path.join(userData, 'window-state.json'),
      JSON.stringify({ x: 5000, y: 100, width: 1000, height: 700, maximized: true }),
    );
    const { window } = await startMain();
    expect(window?.options).toMatchObject({ width: 1280, height: 860 });
    expect(window?.options).not.toHaveProperty('x');
    expect(window?.maximize).not.toHaveBeenCalled();
  });

  it('starts at login when switched on (an XDG autostart entry on Linux), and stops when switched off', async () => {
    const { fake } = await startMain();
    const entry = path.join(configHome, 'autostart', 'northstar-staff-console.desktop');
    await fake.ipcMain.invoke(IPC.updateSettings, consoleFrame, { startAtLogin: true });
    if (process.platform === 'linux') {
      expect(readFileSync(entry, 'utf8')).toContain(`Exec="${process.execPath}" --hidden`);
      await fake.ipcMain.invoke(IPC.updateSettings, consoleFrame, { startAtLogin: false });
      expect(existsSync(entry)).toBe(false);
    } else {
      expect(fake.app.setLoginItemSettings).toHaveBeenCalledWith(expect.objectContaining({ openAtLogin: true }));
    }
  });

  it('sends the Go menu shortcuts to the page and remembers the zoom', async () => {
    const { fake, window } = await startMain();
    const menus = fake.Menu.applicationMenu?.template as { label?: string; submenu?: Record<string, unknown>[] }[];
    const item = (menu: string, label: string) => {
      const found = menus.find((m) => m.label === menu)?.submenu?.find((entry) => entry.label === label);
      if (!found) throw new Error(`no ${menu} → ${label}`);
      return found as { accelerator: string; click(): void };
    };
    expect(item('Go', 'Next Conversation').accelerator).toBe('Alt+Down');
    item('Go', 'Next Conversation').click();
    item('Go', 'Reply Box').click();
    expect(window?.webContents.sent.filter((message) => message.channel === IPC.shortcut)).toEqual([
      { channel: IPC.shortcut, args: ['next-conversation'] },
      { channel: IPC.shortcut, args: ['focus-reply'] },
    ]);

    item('View', 'Zoom Out').click();
    expect(window?.webContents.setZoomLevel).toHaveBeenLastCalledWith(-1);
    const stored = JSON.parse(readFileSync(path.join(userData, 'console.json'), 'utf8')) as { zoomLevel: number };
    expect(stored.zoomLevel).toBe(-1);
  });

  it('offers spelling suggestions and edit actions on right-click in the composer', async () => {
    const { fake, window } = await startMain();
    window?.webContents.emit(
      'context-menu',
      {},
      {
        isEditable: true,
        selectionText: '',
        misspelledWord: 'helo',
        dictionarySuggestions: ['hello', 'help'],
        editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true },
        linkURL: '',
      },
    );
    const built = fake.Menu.buildFromTemplate.mock.results.at(-1)?.value as {
      template: { label?: string; role?: string; click?: () => void }[];
      popup: ReturnType<typeof vi.fn>;
    };
    expect(built.template.map((entry) => entry.label ?? entry.role)).toEqual([
      'hello',
      'help',
      'Add to Dictionary',
      undefined,
      'cut',
      'copy',
      'paste',
      undefined,
      'selectAll',
    ]);
    expect(built.popup).toHaveBeenCalled();
    built.template[0]?.click?.();
    expect(window?.webContents.replaceMisspelling).toHaveBeenCalledWith('hello');
  });
});
