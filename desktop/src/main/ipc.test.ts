import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../common/ipc-channels';
import { ipcMain, resetElectronFake, type FakeFrame } from '../test/electron-fake';
import { isTrustedSender, registerIpc, type IpcHandlers } from './ipc';

vi.mock('electron', () => import('../test/electron-fake'));

const consolePage: FakeFrame = { url: 'app://console/admin/chat', parent: null };

function recordingHandlers() {
  const calls: { task: string; payload: unknown }[] = [];
  const handlers = new Proxy({} as IpcHandlers, {
    get: (_target, task: string) => (payload: unknown) => {
      calls.push({ task, payload });
      return `handled ${task}`;
    },
  });
  return { calls, handlers };
}

let calls: { task: string; payload: unknown }[];
let refused: string[];

beforeEach(() => {
  resetElectronFake();
  const recording = recordingHandlers();
  calls = recording.calls;
  refused = [];
  registerIpc(recording.handlers, (task, reason) => refused.push(`${task}: ${reason}`));
});

describe('IPC senders', () => {
  it('trusts only the console page itself', () => {
    expect(isTrustedSender(consolePage as never)).toBe(true);
    expect(isTrustedSender({ url: 'app://console/', parent: null } as never)).toBe(true);
    for (const frame of [
      { url: 'https://www.example.com/', parent: null },
      { url: 'app://other/index.html', parent: null },
      { url: 'file:///tmp/x.html', parent: null },
      { url: 'app://console/admin', parent: consolePage },
      { url: '', parent: null },
    ]) {
      expect(isTrustedSender(frame as never)).toBe(false);
    }
    expect(isTrustedSender(null)).toBe(false);
  });

  it('refuses every task from another page or a frame, before any handler runs', async () => {
    for (const channel of Object.values(IPC).filter(
      (c) => c !== IPC.openConversation && c !== IPC.openPath && c !== IPC.shortcut && c !== IPC.updateReady,
    )) {
      await expect(ipcMain.invoke(channel, { url: 'https://evil.example/', parent: null }, {})).rejects.toThrow(
        'Refused: this page may not use the console bridge',
      );
      await expect(
        ipcMain.invoke(channel, { url: 'app://console/', parent: consolePage }, { count: 1 }),
      ).rejects.toThrow(/Refused/);
    }
    expect(calls).toEqual([]);
    expect(refused.every((line) => line.endsWith('untrusted sender'))).toBe(true);
  });
});

describe('IPC payloads', () => {
  const id = randomUUID();

  it('hands valid payloads to their handler, parsed', async () => {
    await expect(ipcMain.invoke(IPC.getState, consolePage)).resolves.toBe('handled getState');
    await ipcMain.invoke(IPC.setServer, consolePage, { url: ' https://www.example.com/chat ' });
    await ipcMain.invoke(IPC.logIn, consolePage, { username: ' alice ', password: 'secret' });
    await ipcMain.invoke(IPC.visitorMessage, consolePage, {
      conversationId: id,
      visitorName: 'Ada',
      text: '<b>hi</b>',
    });
    await ipcMain.invoke(IPC.conversationOpened, consolePage, { conversationId: null });
    await ipcMain.invoke(IPC.setUnreadCount, consolePage, { count: 3 });
    await ipcMain.invoke(IPC.itemAlert, consolePage, { kind: 'order.paid', id, detail: 'NS-10427', onScreen: true });
    expect(calls).toEqual([
      { task: 'getState', payload: undefined },
      { task: 'setServer', payload: { url: 'https://www.example.com' } },
      { task: 'logIn', payload: { username: 'alice', password: 'secret' } },
      { task: 'visitorMessage', payload: { conversationId: id, visitorName: 'Ada', text: '<b>hi</b>' } },
      { task: 'conversationOpened', payload: { conversationId: null } },
      { task: 'setUnreadCount', payload: { count: 3 } },
      { task: 'itemAlert', payload: { kind: 'order.paid', id, detail: 'NS-10427', onScreen: true } },
    ]);
  });

  it.each([
    [IPC.getState, [{ surprise: true }]],
    [IPC.setServer, [{ url: 'file:///etc/passwd' }]],
    [IPC.setServer, [{ url: 'javascript:alert(1)' }]],
    [IPC.setServer, [{ url: 'http://192.168.1.5' }]],
    [IPC.setServer, ['https://www.example.com']],
    [IPC.logIn, [{ username: 'alice' }]],
    [IPC.logIn, [{ username: 'alice', password: 'x', accountType: 'staff' }]],
    [IPC.logIn, [{ username: 42, password: 'x' }]],
    [IPC.logOut, [{}]],
    [IPC.updateSettings, [{ sound: 'yes' }]],
    [IPC.updateSettings, [{ volume: 11 }]],
    [IPC.newConversation, [{ conversationId: 'not-a-uuid', visitorName: 'Ada' }]],
    [IPC.newConversation, [{ conversationId: randomUUID(), visitorName: 'x'.repeat(501) }]],
    [IPC.visitorMessage, [{ conversationId: randomUUID(), visitorName: 'Ada', text: 'x'.repeat(4001) }]],
    [IPC.visitorMessage, [{ conversationId: randomUUID(), visitorName: 'Ada' }]],
    [IPC.conversationClosed, [{ conversationId: '../../etc' }]],
    [IPC.conversationOpened, [{}]],
    [IPC.setUnreadCount, [{ count: -1 }]],
    [IPC.setUnreadCount, [{ count: 1.5 }]],
    [IPC.setUnreadCount, [{ count: '3' }]],
    [IPC.setUnreadCount, [null]],
    [IPC.setUnreadCount, [{ count: 1 }, { count: 2 }]],
    [IPC.itemAlert, [{ kind: 'order.refunded', id: randomUUID(), detail: null, onScreen: false }]],
    [IPC.itemAlert, [{ kind: 'chat.updated', id: randomUUID(), detail: null, onScreen: false }]],
    [IPC.itemAlert, [{ kind: 'order.paid', id: '../../etc/passwd', detail: null, onScreen: false }]],
    [IPC.itemAlert, [{ kind: 'order.paid', id: randomUUID(), detail: 'x'.repeat(501), onScreen: false }]],
    [IPC.itemAlert, [{ kind: 'order.paid', id: randomUUID(), detail: null }]],
    [IPC.itemAlert, [{ kind: 'order.paid', id: randomUUID(), detail: null, onScreen: false, path: '/admin' }]],
    [IPC.updateSettings, [{ orderAlerts: 'off' }]],
  ])('refuses %s with %j', async (channel, args) => {
    await expect(ipcMain.invoke(channel, consolePage, ...args)).rejects.toThrow('Refused: invalid request');
    expect(calls).toEqual([]);
    expect(refused).toHaveLength(1);
  });
});
