import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { app } from 'electron';
import { PRODUCT_NAME } from './constants';

/** The argument a start at login passes, so the console starts in the tray instead of opening its window. */
export const HIDDEN_ARG = '--hidden';

/** The XDG autostart entry that starts the console at login on Linux desktops. */
export function autostartEntry(executable: string): string {
  // Exec quoting per the Desktop Entry Specification: the path in double quotes, with ", `, $ and \ escaped.
  const quoted = `"${executable.replace(/(["`$\\])/g, '\\$1')}"`;
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${PRODUCT_NAME}`,
    `Exec=${quoted} ${HIDDEN_ARG}`,
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=false',
    '',
  ].join('\n');
}

export function autostartFile(configHome: string): string {
  return path.join(configHome, 'autostart', 'northstar-staff-console.desktop');
}

/**
 * Starts the console when the user logs in, or stops doing so. macOS and
 * Windows keep this in the system's login items; Linux desktops read an XDG
 * autostart file (Electron has no API there). An AppImage starts from the
 * path in $APPIMAGE (its mount point changes on each run).
 */
export function applyStartAtLogin(enabled: boolean, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'darwin' || platform === 'win32') {
    app.setLoginItemSettings({ openAtLogin: enabled, openAsHidden: true, args: [HIDDEN_ARG] });
    return;
  }
  const configHome = process.env.XDG_CONFIG_HOME || path.join(app.getPath('home'), '.config');
  const file = autostartFile(configHome);
  if (!enabled) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, autostartEntry(process.env.APPIMAGE || process.execPath), { mode: 0o644 });
}

/** Whether this run was started at login (then the window stays in the tray until opened). */
export function startedAtLogin(argv: readonly string[] = process.argv, platform = process.platform): boolean {
  if (argv.includes(HIDDEN_ARG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true;
}
