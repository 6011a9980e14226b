import path from 'node:path';
import { app, nativeImage, Notification, type BrowserWindow } from 'electron';
import type { Alert } from './attention';
import { badgePresentation } from './badge';
import { notificationText } from './notification-text';

// Notifications must stay referenced until they are done, or their click handlers are collected with them.
const shown = new Set<Notification>();

/** Raises a system notification (plain text); its click calls `onClick` with the alert. */
export function showAlert(alert: Alert, assetsDir: string, onClick: (alert: Alert) => void): void {
  if (!Notification.isSupported()) return;
  const text = notificationText(alert.title, alert.body, process.platform);
  const notification = new Notification({
    ...text,
    silent: alert.silent,
    icon: path.join(assetsDir, 'icon.png'),
  });
  const done = () => shown.delete(notification);
  notification.on('click', () => {
    done();
    onClick(alert);
  });
  notification.on('close', done);
  notification.on('failed', done);
  shown.add(notification);
  notification.show();
}

/** Shows the unread total: dock/launcher badge, Windows taskbar overlay, window title. */
export function showUnread(window: BrowserWindow | null, unread: number, assetsDir: string): void {
  const badge = badgePresentation(unread);
  if (process.platform === 'darwin' || process.platform === 'linux') app.setBadgeCount(badge.count);
  if (!window || window.isDestroyed()) return;
  window.setTitle(badge.title);
  if (process.platform === 'win32') {
    const image = badge.overlay ? nativeImage.createFromPath(path.join(assetsDir, badge.overlay)) : null;
    window.setOverlayIcon(image, badge.description);
  }
}
