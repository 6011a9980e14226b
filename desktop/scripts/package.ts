/**
 * `npm run dist:desktop`: packages the built console with electron-builder
 * (desktop/electron-builder.yml). With DESKTOP_UPDATE_URL set (the HTTPS
 * folder the company serves updates from), the package carries that feed
 * (resources/app-update.yml) and electron-builder writes the latest*.yml
 * files to upload beside the installers; without it, the app never updates
 * itself. Signing: see docs/desktop-release.md.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const feed = process.env.DESKTOP_UPDATE_URL?.trim();
const args = ['--projectDir', 'desktop', '--publish', 'never'];
if (feed) {
  if (!/^https:\/\//.test(feed)) {
    console.error(`DESKTOP_UPDATE_URL must be an https:// address, got ${JSON.stringify(feed)}`);
    process.exit(1);
  }
  args.push('-c.publish.provider=generic', `-c.publish.url=${feed}`);
} else {
  console.warn('DESKTOP_UPDATE_URL is not set: this package will not update itself.');
}
const cli = path.resolve('node_modules/electron-builder/cli.js');
const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
