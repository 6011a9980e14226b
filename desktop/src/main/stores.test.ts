import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../common/ipc-schemas';
import { resetElectronFake, safeStorage } from '../test/electron-fake';
import { ConsoleStore } from './console-store';
import { TokenStore } from './token-store';

vi.mock('electron', () => import('../test/electron-fake'));

let dir: string;
beforeEach(() => {
  resetElectronFake();
  dir = mkdtempSync(path.join(os.tmpdir(), 'console-store-'));
});

describe('console settings file', () => {
  it('starts with the first-run screen and default settings, and remembers changes', () => {
    const file = path.join(dir, 'console.json');
    const store = new ConsoleStore(file);
    expect(store.serverUrl).toBeNull();
    expect(store.settings).toEqual({
      sound: true,
      doNotDisturb: false,
      repeat: true,
      startAtLogin: false,
      chatAlerts: true,
      orderAlerts: true,
      enquiryAlerts: true,
      serviceRequestAlerts: true,
      clientReplyAlerts: true,
      consultationAlerts: true,
      slaAlerts: true,
      assignmentAlerts: true,
    });
    store.setServerUrl('https://www.example.com');
    expect(store.updateSettings({ doNotDisturb: true, orderAlerts: false })).toEqual({
      ...defaultSettings,
      doNotDisturb: true,
      orderAlerts: false,
    });
    const again = new ConsoleStore(file);
    expect(again.serverUrl).toBe('https://www.example.com');
    expect(again.settings.doNotDisturb).toBe(true);
    expect(again.settings.orderAlerts).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  const defaults = { ...defaultSettings };
  const quiet = { ...defaultSettings, sound: false, repeat: false };
  it.each([
    ['not JSON', '{oops', null, defaults],
    ['an array', '[]', null, defaults],
    ['a bad server', JSON.stringify({ serverUrl: 'file:///etc/passwd', settings: quiet }), null, quiet],
    [
      'bad settings',
      JSON.stringify({ serverUrl: 'https://www.example.com', settings: { sound: 'loud' } }),
      'https://www.example.com',
      defaults,
    ],
    [
      'settings from an older version (one bad, one newer missing)',
      JSON.stringify({ serverUrl: null, settings: { sound: false, doNotDisturb: 'x', repeat: false } }),
      null,
      quiet,
    ],
    [
      'the four settings of a version before the notification kinds',
      JSON.stringify({
        serverUrl: 'https://www.example.com',
        settings: { sound: false, doNotDisturb: false, repeat: false, startAtLogin: false },
        zoomLevel: 1,
      }),
      'https://www.example.com',
      quiet,
    ],
    [
      'a kind switched off, and one kind not a boolean',
      JSON.stringify({ serverUrl: null, settings: { ...defaultSettings, orderAlerts: false, enquiryAlerts: 'no' } }),
      null,
      { ...defaultSettings, orderAlerts: false },
    ],
  ])('keeps what is valid of a file with %s', (_name, content, serverUrl, settings) => {
    const file = path.join(dir, 'console.json');
    writeFileSync(file, content);
    const store = new ConsoleStore(file);
    expect(store.serverUrl).toBe(serverUrl);
    expect(store.settings).toEqual(settings);
  });
});

describe('session token', () => {
  const server = 'https://www.example.com';

  it('is kept encrypted with safeStorage, for its own server only', () => {
    const file = path.join(dir, 'session-token');
    new TokenStore(file).save(server, 'secret-token');
    expect(readFileSync(file, 'utf8')).not.toContain('secret-token');
    expect(safeStorage.encryptString).toHaveBeenCalled();
    const store = new TokenStore(file);
    expect(store.load(server)).toBe('secret-token');
    expect(store.load('https://other.example.com')).toBeNull();
    expect(store.load(null)).toBeNull();
    store.clear();
    expect(existsSync(file)).toBe(false);
    expect(new TokenStore(file).load(server)).toBeNull();
  });

  it('forgets a file it cannot decrypt (another user or machine)', () => {
    const file = path.join(dir, 'session-token');
    writeFileSync(file, 'garbage');
    expect(new TokenStore(file).load(server)).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it.each([
    ['no encryption at all', () => (safeStorage.available = false), 'linux'],
    ['Linux without a keyring (basic_text)', () => (safeStorage.backend = 'basic_text'), 'linux'],
  ])('is held in memory only with %s', (_name, arrange, platform) => {
    const original = process.platform;
    Object.defineProperty(process, 'platform', { value: platform });
    try {
      arrange();
      const file = path.join(dir, 'session-token');
      const store = new TokenStore(file);
      expect(store.persistent).toBe(false);
      store.save(server, 'secret-token');
      expect(existsSync(file)).toBe(false);
      expect(store.load(server)).toBe('secret-token');
      expect(new TokenStore(file).load(server)).toBeNull();
    } finally {
      Object.defineProperty(process, 'platform', { value: original });
    }
  });
});
