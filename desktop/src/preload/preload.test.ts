import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC } from '../common/ipc-channels';
import { contextBridge, ipcRenderer } from '../test/electron-fake';
import type { DesktopApi } from './index';

vi.mock('electron', () => import('../test/electron-fake'));

let api: DesktopApi;
beforeAll(async () => {
  await import('./index');
  api = contextBridge.exposed.get('desktop') as DesktopApi;
});

describe('preload bridge', () => {
  it('exposes a few named tasks as window.desktop, never ipcRenderer itself', () => {
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(Object.keys(api).sort()).toEqual(
      [
        'conversationClosed',
        'conversationOpened',
        'getState',
        'logIn',
        'logInSecondStep',
        'logOut',
        'newConversation',
        'onOpenConversation',
        'onShortcut',
        'onUpdateReady',
        'catchUp',
        'installUpdate',
        'itemAlert',
        'onOpenPath',
        'setServer',
        'setUnreadCount',
        'updateSettings',
        'visitorMessage',
      ].sort(),
    );
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.values(api)).not.toContain(ipcRenderer);
  });

  it('sends each task on its own channel with one payload', async () => {
    const id = randomUUID();
    await api.setServer('https://www.example.com');
    await api.logOut(true);
    await api.conversationOpened(id);
    await api.setUnreadCount(2);
    await api.catchUp({ newConversations: 1, newMessages: 2, openConversationIds: [id] });
    await api.installUpdate();
    await api.itemAlert({ kind: 'enquiry.created', id, detail: null, onScreen: false });
    expect(ipcRenderer.invoke.mock.calls).toEqual([
      [IPC.setServer, { url: 'https://www.example.com' }],
      [IPC.logOut, { expired: true }],
      [IPC.conversationOpened, { conversationId: id }],
      [IPC.setUnreadCount, { count: 2 }],
      [IPC.catchUp, { newConversations: 1, newMessages: 2, openConversationIds: [id] }],
      [IPC.installUpdate],
      [IPC.itemAlert, { kind: 'enquiry.created', id, detail: null, onScreen: false }],
    ]);
  });

  it('passes on menu shortcuts and update versions it knows, until unsubscribed', () => {
    const shortcuts: string[] = [];
    const versions: string[] = [];
    const stopShortcuts = api.onShortcut((action) => shortcuts.push(action));
    const stopVersions = api.onUpdateReady((version) => versions.push(version));
    ipcRenderer.emit(IPC.shortcut, {}, 'next-conversation');
    ipcRenderer.emit(IPC.shortcut, {}, 'rm -rf');
    ipcRenderer.emit(IPC.updateReady, {}, '1.4.0');
    ipcRenderer.emit(IPC.updateReady, {}, { version: '1.4.0' });
    stopShortcuts();
    stopVersions();
    ipcRenderer.emit(IPC.shortcut, {}, 'focus-reply');
    ipcRenderer.emit(IPC.updateReady, {}, '1.5.0');
    expect(shortcuts).toEqual(['next-conversation']);
    expect(versions).toEqual(['1.4.0']);
  });

  it('passes on clicked notifications as a conversation id, until unsubscribed', () => {
    const opened: string[] = [];
    const stop = api.onOpenConversation((conversationId) => opened.push(conversationId));
    ipcRenderer.emit(IPC.openConversation, {}, 'c1');
    ipcRenderer.emit(IPC.openConversation, {}, { not: 'an id' });
    stop();
    ipcRenderer.emit(IPC.openConversation, {}, 'c2');
    expect(opened).toEqual(['c1']);
  });

  it('passes on clicked item notifications as a console path only, until unsubscribed', () => {
    const opened: string[] = [];
    const stop = api.onOpenPath((path) => opened.push(path));
    for (const path of [
      '/admin/orders/6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f',
      '/admin/enquiries?id=7a2d3c9f-2e3b-4d4c-8f5a-6b7c8d9e0f1a',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/admin//evil.example',
      '/administrator',
      '/login',
      { path: '/admin' },
    ])
      ipcRenderer.emit(IPC.openPath, {}, path);
    stop();
    ipcRenderer.emit(IPC.openPath, {}, '/admin/outbox');
    expect(opened).toEqual([
      '/admin/orders/6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f',
      '/admin/enquiries?id=7a2d3c9f-2e3b-4d4c-8f5a-6b7c8d9e0f1a',
    ]);
  });
});
