import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ConsoleSettings } from '../common/ipc-channels';
import { defaultSettings, settingsSchema } from '../common/ipc-schemas';
import { serverUrlSchema } from '../common/server-url';

// Each setting on its own: a file from an older version (without a newer setting) keeps the ones it has.
const storedSettingsSchema = z
  .object(
    Object.fromEntries(
      (Object.keys(settingsSchema.shape) as (keyof ConsoleSettings)[]).map((key) => [
        key,
        z.boolean().default(defaultSettings[key]).catch(defaultSettings[key]),
      ]),
    ) as { [K in keyof ConsoleSettings]: z.ZodCatch<z.ZodDefault<z.ZodBoolean>> },
  )
  .catch({ ...defaultSettings });

const storedSchema = z.object({
  serverUrl: serverUrlSchema.nullable().catch(null),
  settings: storedSettingsSchema.default({ ...defaultSettings }),
  zoomLevel: z.number().min(-8).max(9).default(0).catch(0),
});

interface StoredConsole {
  serverUrl: string | null;
  settings: ConsoleSettings;
  /** The page's zoom (View menu): 0 is 100 %. */
  zoomLevel: number;
}

/** Writes a file whole or not at all (a crash mid-write never leaves half a file). */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * The server address and notification settings, in console.json under the
 * user-data directory. A missing or damaged file (or a bad value in it)
 * means the defaults: the first-run screen, sound on, repeat on.
 */
export class ConsoleStore {
  private data: StoredConsole;

  constructor(private readonly file: string) {
    this.data = ConsoleStore.read(file);
  }

  private static read(file: string): StoredConsole {
    try {
      const parsed = storedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // Missing or not JSON: start afresh.
    }
    return { serverUrl: null, settings: { ...defaultSettings }, zoomLevel: 0 };
  }

  get serverUrl(): string | null {
    return this.data.serverUrl;
  }

  get settings(): ConsoleSettings {
    return { ...this.data.settings };
  }

  get zoomLevel(): number {
    return this.data.zoomLevel;
  }

  setZoomLevel(zoomLevel: number): void {
    this.data = { ...this.data, zoomLevel };
    this.save();
  }

  setServerUrl(serverUrl: string | null): void {
    this.data = { ...this.data, serverUrl };
    this.save();
  }

  updateSettings(changes: Partial<ConsoleSettings>): ConsoleSettings {
    this.data = { ...this.data, settings: { ...this.data.settings, ...changes } };
    this.save();
    return this.settings;
  }

  private save(): void {
    writeFileAtomic(this.file, `${JSON.stringify(this.data, null, 2)}\n`);
  }
}
