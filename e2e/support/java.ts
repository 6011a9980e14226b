import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { installDebianPackage } from './chromium';

/** The Nu Html Checker (the W3C's validator) from the vnu-jar npm package. */
export const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

export const javaPath = process.env.JAVA_PATH ?? 'java';

function hasJava(): boolean {
  try {
    execFileSync(javaPath, ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The HTML checker runs on Java. Install Debian's headless runtime when we can
 * (root with apt-get), as for Chromium; otherwise fail with instructions.
 */
export function ensureJava(): void {
  if (hasJava()) return;
  if (installDebianPackage('default-jre-headless', 'JAVA_PATH') && hasJava()) return;
  throw new Error(
    'The HTML validity test needs Java (for the W3C checker, vnu.jar), and it could not be installed automatically.\n' +
      'Install it (Debian/Ubuntu: `sudo apt-get install default-jre-headless`) or set JAVA_PATH to a java binary.',
  );
}
