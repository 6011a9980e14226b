import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureChromium } from './chromium';
import { ensureJava } from './java';

/**
 * Before any browser test: Chromium and Java (for the HTML checker) are present, and the production build
 * exists (`npm test` builds first; a lone `vitest run e2e/…` builds here).
 */
export default function setup(): void {
  ensureChromium();
  ensureJava();
  if (!existsSync('dist/web/404.html') || !existsSync('desktop/dist/renderer/index.html')) {
    console.log('No production build found: running `npm run build`…');
    execSync('npm run build', { stdio: 'inherit' });
  }
}
