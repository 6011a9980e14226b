import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppUpdater, UpdateInfo } from 'electron-updater';

/** How often a running console looks for a new version (besides once at start). */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/**
 * Where updates come from, or null when this copy does not update itself:
 * `NORTHSTAR_UPDATE_URL` (an operator's override) or the feed written into
 * the package at build time (`DESKTOP_UPDATE_URL` → resources/app-update.yml,
 * see desktop/scripts/package.ts). Only HTTPS, or HTTP to this machine for
 * trying a feed out. Development runs never update.
 */
export function updateSource(options: {
  packaged: boolean;
  override: string | undefined;
  resourcesPath: string;
}): { url: string } | 'packaged-feed' | null {
  if (!options.packaged) return null;
  if (options.override) {
    let url: URL;
    try {
      url = new URL(options.override);
    } catch {
      return null;
    }
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
    return { url: url.href };
  }
  return existsSync(path.join(options.resourcesPath, 'app-update.yml')) ? 'packaged-feed' : null;
}

type Updater = Pick<
  AppUpdater,
  'autoDownload' | 'autoInstallOnAppQuit' | 'setFeedURL' | 'checkForUpdates' | 'quitAndInstall' | 'on'
>;

/**
 * Auto-update with electron-updater from a generic feed (a folder of
 * installers and latest*.yml on any HTTPS server). New versions download in
 * the background; staff decide when to restart ("update ready" banner), and
 * an update not installed by then is installed when the app quits.
 */
export class ConsoleUpdater {
  private readyVersion: string | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly updater: Updater,
    private readonly events: { ready(version: string): void; log(message: string): void },
  ) {}

  start(source: { url: string } | 'packaged-feed'): void {
    this.updater.autoDownload = true;
    this.updater.autoInstallOnAppQuit = true;
    if (source !== 'packaged-feed') this.updater.setFeedURL({ provider: 'generic', url: source.url });
    this.updater.on('update-downloaded', (info: UpdateInfo) => {
      this.readyVersion = info.version;
      this.events.ready(info.version);
    });
    this.updater.on('error', (error: Error) => this.events.log(`update check failed: ${error.message}`));
    this.check();
    this.timer = setInterval(() => this.check(), UPDATE_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  /** The version downloaded and waiting for a restart, if any. */
  get ready(): string | null {
    return this.readyVersion;
  }

  /** Restarts into the downloaded version (the caller has let the window close for real). */
  install(): boolean {
    if (!this.readyVersion) return false;
    this.updater.quitAndInstall(false, true);
    return true;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private check(): void {
    this.updater.checkForUpdates().catch((error: unknown) => {
      this.events.log(`update check failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
