/**
 * `postinstall`: downloads Electron's binary for the desktop staff console.
 *
 * The `electron` package's own install script is switched off (`allowScripts`
 * in package.json) because it fetches the binary from GitHub and, when that is
 * impossible (closed networks, CI machines that reach only the npm registry),
 * fails the whole `npm install`. This runs the same installer and turns a
 * failed download into a one-line warning: everything else (API, web app,
 * tests, the desktop code's types and unit tests) works without the binary.
 * See docs/decisions/051-electron-binary-optional.md.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const installer = path.resolve('node_modules/electron/install.js');
// A download that takes longer than this is abandoned (slow or filtered networks must not hang an install).
const timeoutMs = Number(process.env.ELECTRON_INSTALL_TIMEOUT_MS ?? 10 * 60 * 1000);

/** The first line of the installer's error that says what went wrong. */
function failureReason(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  return (lines[0] ?? 'the installer failed').slice(0, 200);
}

function warn(reason: string): void {
  console.warn(
    `Electron binary not downloaded: ${reason}; the desktop console cannot start on this machine; everything else works.`,
  );
}

async function main(): Promise<void> {
  // Installed without dev dependencies (production servers): nothing to do.
  if (!existsSync(installer)) return;
  const child = spawn(process.execPath, [installer], { stdio: ['ignore', 'inherit', 'pipe'] });
  let output = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (output.length < 10_000) output += chunk;
  });
  const timer = setTimeout(() => {
    output = `no answer within ${Math.round(timeoutMs / 1000)} s`;
    child.kill();
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      output = err.message;
      resolve(1);
    });
    child.on('exit', (exitCode) => resolve(exitCode));
  });
  clearTimeout(timer);
  if (code !== 0) warn(failureReason(output));
}

await main();
