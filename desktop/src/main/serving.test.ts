import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { protocol, resetElectronFake } from '../test/electron-fake';
import { contentTypeOf, resolveAppFile } from './app-files';
import { registerAppScheme, serveConsole } from './app-protocol';
import { withSessionAuthorization } from './auth-header';

vi.mock('electron', () => import('../test/electron-fake'));

beforeEach(resetElectronFake);

const root = path.join(os.tmpdir(), 'console-root');

describe('app:// files', () => {
  it.each([
    ['app://console/', 'index.html'],
    ['app://console/admin/chat', 'index.html'],
    ['app://console/admin?x=1', 'index.html'],
    ['app://console/assets/index-abc.js', 'assets/index-abc.js'],
    ['app://console/assets/a%20b.css', 'assets/a b.css'],
  ])('%s → %s', (url, file) => {
    expect(resolveAppFile(root, url)).toBe(path.join(root, file));
  });

  it.each([
    'app://other/index.html',
    'app://console/../secret.txt',
    'app://console/assets/%2e%2e/%2e%2e/secret.txt',
    'app://console/%2e%2e%2fsecret.txt',
    'app://console/assets/..%5c..%5csecret.txt',
    'app://console/x%00.js',
    'app://console/%E0%A4%A.js',
    'not a url',
  ])('never serves %s from outside the build', (url) => {
    const file = resolveAppFile(root, url);
    if (file !== null) expect(path.relative(root, file).startsWith('..')).toBe(false);
  });

  it('names content types', () => {
    expect(contentTypeOf('a/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a/x.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a/x.unknown')).toBe('application/octet-stream');
  });
});

describe('app:// protocol', () => {
  it('is registered as a standard, secure scheme', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('serves the build with the CSP for the configured server, and 404 for anything else', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'console-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Console</title>');
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(path.dirname(dir), 'outside.txt'), 'secret');
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const session = { protocol: { handle: (_scheme: string, h: typeof handler) => (handler = h) } };
    serveConsole(session as never, dir, () => 'https://www.example.com');

    const page = await handler!(new Request('app://console/admin/chat'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Console</title>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain(
      'connect-src https://www.example.com wss://www.example.com',
    );
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const script = await handler!(new Request('app://console/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    for (const url of [
      'app://console/assets/missing.js',
      'app://console/%2e%2e/outside.txt',
      'app://other/index.html',
    ]) {
      expect((await handler!(new Request(url))).status).toBe(404);
    }
    expect((await handler!(new Request('app://console/assets/app.js', { method: 'POST', body: 'x' }))).status).toBe(
      404,
    );
  });
});

describe('the session header', () => {
  const session = { serverOrigin: 'https://www.example.com', token: 'tok.en' };

  it('goes to the server only: its API and its chat socket', () => {
    expect(
      withSessionAuthorization('https://www.example.com/api/auth/user', { Accept: 'application/json' }, session),
    ).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer tok.en',
    });
    expect(withSessionAuthorization('wss://www.example.com/ws/chat', {}, session)).toEqual({
      Authorization: 'Bearer tok.en',
    });
    for (const url of [
      'https://evil.example/api/auth/user',
      'http://www.example.com/api/auth/user',
      'ws://www.example.com/ws/chat',
      'https://www.example.com:8443/api',
      'https://sub.www.example.com/api',
      'app://console/assets/app.js',
      'not a url',
    ]) {
      expect(withSessionAuthorization(url, {}, session)).toBeNull();
    }
  });

  it('never replaces the page’s own Authorization (the admin token for seeding)', () => {
    expect(
      withSessionAuthorization(
        'https://www.example.com/api/admin/seed-products',
        { authorization: 'Bearer admin' },
        session,
      ),
    ).toBeNull();
  });

  it('is not added without a server or a token', () => {
    expect(withSessionAuthorization('https://www.example.com/api', {}, { ...session, token: null })).toBeNull();
    expect(withSessionAuthorization('https://www.example.com/api', {}, { ...session, serverOrigin: null })).toBeNull();
  });
});
