import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags Chromium needs on our CI machines (closed network, root, no GPU).
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function hasAptGet(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Browser tests need Debian's Chromium. Install it when we can (root with
 * apt-get); otherwise fail with instructions. Never skip silently.
 */
export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() === 0 && hasAptGet() && !process.env.CHROMIUM_PATH) {
    console.log('Chromium is missing: installing Debian chromium with apt-get…');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(chromiumPath)) return;
  }
  throw new Error(
    `Browser tests need Chromium at ${chromiumPath}, and it could not be installed automatically.\n` +
      'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary.',
  );
}
