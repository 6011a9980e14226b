import { readFileSync, rmSync } from 'node:fs';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { writeFileAtomic } from './console-store';

const sealedSchema = z.object({ serverUrl: z.string(), token: z.string().min(1) }).strict();

/**
 * Whether the system can encrypt secrets for us: Keychain (macOS), DPAPI
 * (Windows), a secret service or KWallet (Linux). Electron's "basic_text"
 * fallback on Linux uses a fixed key — as good as plain text — so it counts
 * as no encryption (decision 052).
 */
function canEncrypt(platform: NodeJS.Platform = process.platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

/**
 * The session token, for the main process only. Encrypted with Electron's
 * safeStorage into one file under the user-data directory, bound to the
 * server it came from. Without encryption it lives in memory for this run.
 */
export class TokenStore {
  private memory: { serverUrl: string; token: string } | null = null;
  private loaded = false;

  constructor(private readonly file: string) {}

  get persistent(): boolean {
    return canEncrypt();
  }

  /** The token for `serverUrl`, or null (none, another server's, or unreadable: then it is deleted). */
  load(serverUrl: string | null): string | null {
    if (!serverUrl) return null;
    if (!this.loaded) {
      this.loaded = true;
      if (this.persistent) this.memory = this.readFile();
    }
    return this.memory?.serverUrl === serverUrl ? this.memory.token : null;
  }

  save(serverUrl: string, token: string): void {
    this.loaded = true;
    this.memory = { serverUrl, token };
    if (this.persistent) writeFileAtomic(this.file, safeStorage.encryptString(JSON.stringify(this.memory)));
  }

  clear(): void {
    this.loaded = true;
    this.memory = null;
    rmSync(this.file, { force: true });
  }

  private readFile(): { serverUrl: string; token: string } | null {
    let sealed: Buffer;
    try {
      sealed = readFileSync(this.file);
    } catch {
      return null;
    }
    try {
      const parsed = sealedSchema.safeParse(JSON.parse(safeStorage.decryptString(sealed)));
      if (parsed.success) return parsed.data;
    } catch {
      // Encrypted by another user or machine, or damaged.
    }
    rmSync(this.file, { force: true });
    return null;
  }
}
