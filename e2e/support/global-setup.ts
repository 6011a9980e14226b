import { execSync } from 'node:child_process';
import { ensureChromium } from './chromium';
import { ensureJava } from './java';

/**
 * Before any browser test: Chromium and Java (for the HTML checker) are present, and the production build
 * is the current sources' (`npm test` builds first; a lone `vitest run e2e/…` builds here what changed).
 */
export default function setup(): void {
  ensureChromium();
  ensureJava();
  // Builds what changed since the last build (nothing, after `npm test`'s own build): never a stale build.
  execSync('node --import tsx scripts/build.ts web api desktop', { stdio: 'inherit' });
}
