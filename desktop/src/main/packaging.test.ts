import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ID, PRODUCT_NAME } from './constants';

// electron-builder's own configuration loader and schema check (what `npm run dist:desktop` runs first).
const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib'));
const { load } = builderRequire('js-yaml') as { load(text: string): Record<string, unknown> };
const { validateConfiguration } = builderRequire('./util/config/config') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = builderRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const config = load(readFileSync(path.resolve('desktop/electron-builder.yml'), 'utf8'));

describe('packaging (electron-builder)', () => {
  it('is a valid configuration', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('uses the appId the app gives Windows as its AppUserModelID, so notifications show', () => {
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe(PRODUCT_NAME);
  });

  it('builds AppImage and deb, NSIS and dmg, from the pinned Electron', () => {
    expect(config).toMatchObject({
      linux: { target: ['AppImage', 'deb'] },
      win: { target: 'nsis' },
      mac: { target: 'dmg' },
      electronVersion: (JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> })
        .devDependencies.electron,
    });
  });

  it('ships only the built app, with the fuses that close Node entry points', () => {
    expect(config.files).toEqual(['package.json', 'dist/**/*', '!dist/**/*.map']);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      onlyLoadAppFromAsar: true,
      // The console is served from app://, never file://: file pages get no extra powers.
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
