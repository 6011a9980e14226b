import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './config';

describe('DESKTOP_ORIGINS', () => {
  it('defaults to the desktop console origin', () => {
    expect(parseEnv({}).desktopOrigins).toEqual(['app://console']);
    expect(parseEnv({ DESKTOP_ORIGINS: '' }).desktopOrigins).toEqual(['app://console']);
  });

  it('takes a comma-separated list, or none', () => {
    expect(parseEnv({ DESKTOP_ORIGINS: 'app://console, http://127.0.0.1:5174,app://console' }).desktopOrigins).toEqual([
      'app://console',
      'http://127.0.0.1:5174',
    ]);
    expect(parseEnv({ DESKTOP_ORIGINS: 'none' }).desktopOrigins).toEqual([]);
  });

  it.each(['app://console/', 'console', 'https://example.com/path', 'app://', '*', 'app://a,,app://b'])(
    'refuses %j naming the variable',
    (value) => {
      expect(() => parseEnv({ DESKTOP_ORIGINS: value })).toThrow(ConfigError);
      expect(() => parseEnv({ DESKTOP_ORIGINS: value })).toThrow(/DESKTOP_ORIGINS/);
    },
  );
});
