import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { _electron as electron } from 'playwright-core';
import { startVisitorChat, TestSocket } from '../api/src/test/chat';
import { buildUser } from '../api/src/test/factories';
import { electronBinary, ensureDisplay } from './support/electron';
import { logInWithForm } from './support/auth';
import { useSiteServer } from './support/server';
import { visible } from './support/ui';

/**
 * The packaged-app path end to end: the real main process, preload and
 * renderer in Electron against a running API (the default DESKTOP_ORIGINS,
 * app://console). Needs Electron's binary, which `npm install` downloads
 * from GitHub; where that is impossible this test is skipped, with the reason.
 */
const binary = electronBinary();
const server = useSiteServer();

describe('desktop console in Electron', () => {
  it('connects, logs in, raises a notification with the unread count, stays locked down, and logs out', async (ctx) => {
    if ('missing' in binary) ctx.skip(binary.missing);
    const executablePath = (binary as { path: string }).path;
    const staff = await buildUser(server.db, { accountType: 'staff' });
    const userData = mkdtempSync(path.join(os.tmpdir(), 'console-user-data-'));
    const display = ensureDisplay();
    const args = [path.resolve('desktop'), `--user-data-dir=${userData}`];
    // Chromium refuses to run as root with its OS sandbox (CI containers); the renderers stay sandboxed by Electron.
    if (process.getuid?.() === 0) args.push('--no-sandbox');
    const app = await electron.launch({ executablePath, args, env: { ...process.env, ...display.env } as never });
    try {
      const page = await app.firstWindow();
      page.setDefaultTimeout(15_000);
      await visible(page.getByRole('heading', { name: 'Connect to your server', level: 1 }));
      expect(page.url()).toBe('app://console/admin/chat');
      await page.getByLabel('Server address').fill(server.url);
      await page.getByRole('button', { name: 'Connect' }).click();
      await visible(page.getByRole('heading', { name: 'Staff Console', level: 1 }));
      // An admin: the second step with a code computed like an authenticator app's (decision 169).
      await logInWithForm(page, staff);
      await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
      await visible(page.getByText('No conversations yet.'));

      // The page has no Node, only the bridge's few functions; it cannot leave app://console.
      expect(await page.evaluate(() => [typeof (globalThis as { require?: unknown }).require, typeof process])).toEqual(
        ['undefined', 'undefined'],
      );
      expect(await page.evaluate(() => Object.keys((window as unknown as { desktop: object }).desktop).length)).toBe(
        18,
      );
      await page.evaluate(() => {
        window.location.href = 'file:///etc/passwd';
      });
      await page.waitForTimeout(300);
      expect(page.url()).toMatch(/^app:\/\/console\//);

      // Record the notifications main shows (and keep them, to click one).
      await app.evaluate(({ Notification }) => {
        const shown: { title: string; body: string }[] = [];
        const instances: Electron.Notification[] = [];
        const show = Notification.prototype.show;
        Notification.prototype.show = function record(this: Electron.Notification) {
          shown.push({ title: this.title, body: this.body });
          instances.push(this);
          return show.call(this);
        };
        Object.assign(globalThis, { shownNotifications: shown, notificationInstances: instances });
      });
      const chat = await startVisitorChat(server.url, { visitorName: 'Electron Visitor', visitorEmail: null });
      const visitor = await TestSocket.open(server.url, { cookie: chat.cookie });
      visitor.send({ type: 'join', conversationId: chat.id, isAdmin: false });
      await visitor.next('history');
      visitor.send({
        type: 'message',
        conversationId: chat.id,
        message: 'Hello from the website',
        senderType: 'visitor',
        clientId: crypto.randomUUID(),
      });
      await expect
        .poll(() => app.evaluate(() => (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications))
        .toContainEqual({ title: 'Electron Visitor', body: 'Hello from the website' });
      await expect
        .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle()))
        .toBe('(1) Northstar Staff Console');
      // The launcher badge (Linux/macOS) carries the same count.
      if (process.platform !== 'win32') {
        await expect.poll(() => app.evaluate(({ app: electronApp }) => electronApp.getBadgeCount())).toBe(1);
      }

      // Clicking the notification brings the window forward with that conversation open; reading it clears the count.
      await app.evaluate(() => {
        const instances = (globalThis as unknown as { notificationInstances: Electron.Notification[] })
          .notificationInstances;
        instances.at(-1)?.emit('click');
      });
      await visible(page.getByRole('textbox', { name: 'Message' }));
      await expect
        .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle()))
        .toBe('Northstar Staff Console');

      // With the window focused on that conversation, a new message there raises no notification.
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.focus());
      const countBefore = await app.evaluate(
        () => (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications.length,
      );
      visitor.send({
        type: 'message',
        conversationId: chat.id,
        message: 'Seen on screen',
        senderType: 'visitor',
        clientId: crypto.randomUUID(),
      });
      await visible(page.getByText('Seen on screen'));
      await page.waitForTimeout(500);
      expect(
        await app.evaluate(
          () => (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications.length,
        ),
      ).toBe(countBefore);
      visitor.close();

      // Closing the window keeps the console running in the tray; it comes back from there.
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
      await expect
        .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible()))
        .toBe(false);
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.show());

      // The token is on disk only where the system encrypts it (safeStorage); never in plain text.
      const { persistentLogin } = await page.evaluate(() =>
        (window as unknown as { desktop: { getState(): Promise<{ persistentLogin: boolean }> } }).desktop.getState(),
      );
      expect(existsSync(path.join(userData, 'session-token'))).toBe(persistentLogin);
      await page.getByRole('button', { name: 'Log Out' }).click();
      await visible(page.getByRole('heading', { name: 'Staff Console', level: 1 }));
      expect(existsSync(path.join(userData, 'session-token'))).toBe(false);
    } finally {
      await app.close();
      display.stop();
    }
  });
});
