import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Electron binary `npm install` downloaded, or why there is none. Where
 * GitHub cannot be reached, the download fails and the desktop end-to-end
 * test is skipped with this reason (decision 051); nothing else is.
 */
export function electronBinary(): { path: string } | { missing: string } {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { path: binary };
  } catch {
    // node_modules/electron has no path.txt: the binary was never downloaded.
  }
  return {
    missing:
      'Electron binary not downloaded (npm install could not fetch it from GitHub on this machine); ' +
      'run `node node_modules/electron/install.js` where GitHub is reachable',
  };
}

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Electron needs a display. On a Linux machine without one, start Xvfb
 * (installing Debian's xvfb when we can, as for Chromium); elsewhere use the
 * desktop as it is. Returns the environment to launch with and a stop().
 */
export function ensureDisplay(): { env: Record<string, string>; stop(): void } {
  if (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY) {
    return { env: {}, stop: () => undefined };
  }
  if (!onPath('Xvfb') && process.getuid?.() === 0 && onPath('apt-get')) {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'xvfb'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!onPath('Xvfb')) {
    throw new Error('The Electron test needs a display: install Xvfb (Debian/Ubuntu: `sudo apt-get install xvfb`).');
  }
  const display = `:${90 + (process.pid % 9)}`;
  const xvfb: ChildProcess = spawn('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  return { env: { DISPLAY: display }, stop: () => xvfb.kill() };
}
