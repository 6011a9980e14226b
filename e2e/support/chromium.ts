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

function hasAptGet(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs a Debian package the tests need, when we can (root with apt-get and
 * no override variable set). Returns false when it could not try.
 */
export function installDebianPackage(name: string, overrideVariable: string): boolean {
  if (process.getuid?.() !== 0 || !hasAptGet() || process.env[overrideVariable]) return false;
  console.log(`${name} is missing: installing it with apt-get…`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', name], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

/**
 * Browser tests need Debian's Chromium. Install it when we can (root with
 * apt-get); otherwise fail with instructions. Never skip silently.
 */
export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (installDebianPackage('chromium', 'CHROMIUM_PATH') && existsSync(chromiumPath)) return;
  throw new Error(
    `Browser tests need Chromium at ${chromiumPath}, and it could not be installed automatically.\n` +
      'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary.',
  );
}
