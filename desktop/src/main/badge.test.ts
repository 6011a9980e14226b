import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, nativeImage, Notification, resetElectronFake } from '../test/electron-fake';
import { showAlert, showUnread } from './alerts';
import { badgePresentation, windowTitle } from './badge';

vi.mock('electron', () => import('../test/electron-fake'));

const platform = process.platform;
function onPlatform(name: NodeJS.Platform) {
  Object.defineProperty(process, 'platform', { value: name });
}

beforeEach(resetElectronFake);
afterEach(() => onPlatform(platform));

describe('unread total', () => {
  it('shows as a count, an overlay and in the title', () => {
    expect(badgePresentation(0)).toEqual({
      count: 0,
      overlay: null,
      description: '0 items need attention',
      title: 'Northstar Staff Console',
    });
    expect(badgePresentation(1)).toMatchObject({
      count: 1,
      overlay: 'overlay-1.png',
      description: '1 item needs attention',
    });
    expect(badgePresentation(9).overlay).toBe('overlay-9.png');
    expect(badgePresentation(27)).toMatchObject({
      count: 27,
      overlay: 'overlay-9plus.png',
      title: '(27) Northstar Staff Console',
    });
    expect(windowTitle(3)).toBe('(3) Northstar Staff Console');
    expect(badgePresentation(-4).count).toBe(0);
    expect(badgePresentation(Number.NaN).count).toBe(0);
  });

  it('sets the dock or launcher badge on macOS and Linux', () => {
    const window = new BrowserWindow({});
    onPlatform('linux');
    showUnread(window as never, 4, '/assets');
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(4);
    expect(window.setTitle).toHaveBeenLastCalledWith('(4) Northstar Staff Console');
    expect(window.setOverlayIcon).not.toHaveBeenCalled();
    onPlatform('darwin');
    showUnread(window as never, 0, '/assets');
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(0);
    expect(window.setTitle).toHaveBeenLastCalledWith('Northstar Staff Console');
  });

  it('sets an overlay icon on Windows, and clears it at zero', () => {
    const window = new BrowserWindow({});
    onPlatform('win32');
    showUnread(window as never, 12, '/assets');
    expect(app.setBadgeCount).not.toHaveBeenCalled();
    expect(nativeImage.createFromPath).toHaveBeenCalledWith(path.join('/assets', 'overlay-9plus.png'));
    expect(window.setOverlayIcon).toHaveBeenLastCalledWith(
      expect.objectContaining({ file: path.join('/assets', 'overlay-9plus.png') }),
      '12 items need attention',
    );
    showUnread(window as never, 0, '/assets');
    expect(window.setOverlayIcon).toHaveBeenLastCalledWith(null, '0 items need attention');
  });
});

describe('system notifications', () => {
  it('show plain text and open the conversation when clicked', () => {
    onPlatform('linux');
    const opened: (string | null)[] = [];
    showAlert(
      { title: 'Ada', body: '<a href="https://evil.example">win</a>', conversationId: 'c1', silent: true },
      '/assets',
      (alert) => opened.push(alert.conversationId),
    );
    const [notification] = Notification.shown;
    expect(notification?.options).toEqual({
      title: 'Ada',
      body: '&lt;a href="https://evil.example"&gt;win&lt;/a&gt;',
      silent: true,
      icon: path.join('/assets', 'icon.png'),
    });
    notification?.emit('click');
    expect(opened).toEqual(['c1']);
  });

  it('are skipped where the system has none', () => {
    Notification.supported = false;
    showAlert({ title: 'Ada', body: 'Hi', conversationId: 'c1', silent: false }, '/assets', () => undefined);
    expect(Notification.shown).toEqual([]);
  });
});
