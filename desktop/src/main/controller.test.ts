import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../common/ipc-channels';
import { defaultSettings } from '../common/ipc-schemas';
import { BrowserWindow, resetElectronFake } from '../test/electron-fake';
import type { Alert } from './attention';
import { ConsoleController } from './console-controller';
import { ConsoleStore } from './console-store';
import { logInForToken, probeServer, type Fetch } from './server-session';
import { TokenStore } from './token-store';

vi.mock('electron', () => import('../test/electron-fake'));

const SERVER = 'https://www.example.com';
const TOKEN = `${'a'.repeat(43)}.${'b'.repeat(43)}`;
const staffUser = {
  id: randomUUID(),
  username: 'alice',
  email: null,
  firstName: 'Alice',
  lastName: null,
  profileImageUrl: null,
  accountType: 'staff',
  staffRole: 'admin',
  createdAt: '2026-11-21T10:00:00.000Z',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: records requests, answers from `routes` ("METHOD path" → answer). */
function fakeServer(routes: Record<string, () => Response | Promise<Response>>) {
  const requests: { method: string; url: string; headers: Headers; body: string | null }[] = [];
  const fetch: Fetch = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, headers: new Headers(init.headers), body: (init.body as string | undefined) ?? null });
    const route = routes[`${method} ${new URL(url).pathname}`];
    if (!route) throw new TypeError('fetch failed');
    return route();
  };
  return { fetch, requests };
}

const unreachable: Fetch = async () => {
  throw new TypeError('net::ERR_CONNECTION_REFUSED');
};

describe('talking to the server', () => {
  it('checks that an address answers like a Northstar server', async () => {
    expect(
      await probeServer(fakeServer({ 'GET /api/auth/session': () => json({ user: null }) }).fetch, SERVER),
    ).toEqual({ ok: true });
    expect(await probeServer(unreachable, SERVER)).toEqual({
      ok: false,
      message: `Cannot reach ${SERVER}. Check the address and your connection, then try again.`,
    });
    for (const answer of [
      () => new Response('<html>'),
      () => json({ message: 'Not found' }, 404),
      () => json({ user: 42 }),
    ]) {
      expect(await probeServer(fakeServer({ 'GET /api/auth/session': answer }).fetch, SERVER)).toEqual({
        ok: false,
        message: `${SERVER} does not answer like a Northstar server.`,
      });
    }
  });

  it('logs in for a token (never a cookie) and hands back the user', async () => {
    const server = fakeServer({ 'POST /api/login': () => json({ ...staffUser, sessionToken: TOKEN }) });
    const { result, token } = await logInForToken(server.fetch, SERVER, { username: 'alice', password: 'pw' });
    expect(result).toEqual({ ok: true, user: staffUser });
    expect(token).toBe(TOKEN);
    const [request] = server.requests;
    expect(request?.headers.get('x-session-transport')).toBe('token');
    expect(JSON.parse(request?.body ?? '')).toEqual({ username: 'alice', password: 'pw' });
  });

  it('shows the server’s message for a refused login', async () => {
    const server = fakeServer({ 'POST /api/login': () => json({ message: 'Invalid username or password' }, 401) });
    const { result, token } = await logInForToken(server.fetch, SERVER, { username: 'alice', password: 'no' });
    expect(result).toEqual({ ok: false, message: 'Invalid username or password' });
    expect(token).toBeNull();
    const proxy = fakeServer({ 'POST /api/login': () => new Response('Bad Gateway', { status: 502 }) });
    expect((await logInForToken(proxy.fetch, SERVER, { username: 'a', password: 'b' })).result).toEqual({
      ok: false,
      message: '502: Bad Gateway',
    });
  });

  it('ends a client account’s session at once: the console is for staff', async () => {
    const server = fakeServer({
      'POST /api/login': () => json({ ...staffUser, accountType: 'client', sessionToken: TOKEN }),
      'POST /api/logout': () => new Response(null, { status: 204 }),
    });
    const { result, token } = await logInForToken(server.fetch, SERVER, { username: 'bob', password: 'pw' });
    expect(result).toEqual({
      ok: false,
      message: 'The staff console is for staff accounts. Clients can use the website.',
    });
    expect(token).toBeNull();
    expect(server.requests[1]).toMatchObject({ method: 'POST', url: `${SERVER}/api/logout` });
    expect(server.requests[1]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });
});

describe('console controller', () => {
  let dir: string;
  let window: BrowserWindow;
  let alerts: Alert[];
  let unread: number[];

  beforeEach(() => {
    resetElectronFake();
    dir = mkdtempSync(path.join(os.tmpdir(), 'console-controller-'));
    window = new BrowserWindow({});
    alerts = [];
    unread = [];
  });

  function controller(fetch: Fetch, now = () => 0) {
    return new ConsoleController({
      store: new ConsoleStore(path.join(dir, 'console.json')),
      tokens: new TokenStore(path.join(dir, 'session-token')),
      fetch,
      window: () => window as never,
      showAlert: (alert) => alerts.push(alert),
      showUnread: (count) => unread.push(count),
      now,
    });
  }

  const event = {} as never;

  it('connects to a server, logs in, adds the token for that server only, and logs out', async () => {
    const server = fakeServer({
      'GET /api/auth/session': () => json({ user: null }),
      'POST /api/login': () => json({ ...staffUser, sessionToken: TOKEN }),
      'POST /api/logout': () => new Response(null, { status: 204 }),
    });
    const main = controller(server.fetch);
    expect(main.state()).toMatchObject({ serverUrl: null, signedIn: false, persistentLogin: true });
    expect(await main.handlers.logIn({ username: 'alice', password: 'pw' }, event)).toEqual({
      ok: false,
      message: 'Choose a server first.',
    });

    expect(await main.handlers.setServer({ url: SERVER }, event)).toEqual({ ok: true });
    // A new page, so its CSP names the server.
    expect(window.webContents.reload).toHaveBeenCalled();
    expect(await main.handlers.logIn({ username: 'alice', password: 'pw' }, event)).toEqual({
      ok: true,
      user: staffUser,
    });
    expect(main.session()).toEqual({ serverOrigin: SERVER, token: TOKEN });
    expect(main.state().signedIn).toBe(true);

    await main.handlers.logOut({ expired: false }, event);
    expect(main.session()).toEqual({ serverOrigin: SERVER, token: null });
    expect(server.requests.at(-1)?.url).toBe(`${SERVER}/api/logout`);
    expect(unread.at(-1)).toBe(0);
  });

  it('finishes a login with two-factor sign-in: the half-done token stays in memory, the code completes it', async () => {
    const PENDING = `${'p'.repeat(43)}.${'q'.repeat(43)}`;
    const server = fakeServer({
      'GET /api/auth/session': () => json({ user: null }),
      'POST /api/login': () => json({ twoFactorRequired: true, sessionToken: PENDING }),
      'POST /api/login/2fa': () => json({ ...staffUser, sessionToken: TOKEN }),
    });
    const main = controller(server.fetch);
    await main.handlers.setServer({ url: SERVER }, event);
    expect(await main.handlers.logIn({ username: 'alice', password: 'pw' }, event)).toEqual({
      ok: false,
      twoFactorRequired: true,
      message: 'Enter the code from your authenticator app.',
    });
    // Nobody is signed in yet, and the half-done sign-in's token is never stored.
    expect(main.state().signedIn).toBe(false);
    expect(main.session()).toEqual({ serverOrigin: SERVER, token: null });
    expect(await main.handlers.logInSecondStep({ code: '123456' }, event)).toEqual({ ok: true, user: staffUser });
    const second = server.requests.at(-1);
    expect(second?.url).toBe(`${SERVER}/api/login/2fa`);
    expect(second?.headers.get('authorization')).toBe(`Bearer ${PENDING}`);
    expect(second?.headers.get('x-session-transport')).toBe('token');
    expect(JSON.parse(second?.body ?? '')).toEqual({ code: '123456' });
    expect(main.session()).toEqual({ serverOrigin: SERVER, token: TOKEN });
  });

  it('refuses a second step without a first, and shows the server’s message for a wrong code', async () => {
    const server = fakeServer({
      'GET /api/auth/session': () => json({ user: null }),
      'POST /api/login': () => json({ twoFactorRequired: true, sessionToken: TOKEN }),
      'POST /api/login/2fa': () => json({ message: 'That code is not right.' }, 401),
    });
    const main = controller(server.fetch);
    await main.handlers.setServer({ url: SERVER }, event);
    expect(await main.handlers.logInSecondStep({ code: '123456' }, event)).toMatchObject({ ok: false });
    expect(server.requests.some((request) => request.url.endsWith('/api/login/2fa'))).toBe(false);
    await main.handlers.logIn({ username: 'alice', password: 'pw' }, event);
    expect(await main.handlers.logInSecondStep({ code: '000000' }, event)).toEqual({
      ok: false,
      message: 'That code is not right.',
    });
    expect(main.state().signedIn).toBe(false);
  });

  it('keeps the old server when the new one does not answer', async () => {
    const main = controller(unreachable);
    const result = await main.handlers.setServer({ url: SERVER }, event);
    expect(result).toMatchObject({ ok: false });
    expect(main.state().serverUrl).toBeNull();
    expect(window.webContents.reload).not.toHaveBeenCalled();
  });

  it('forgets the session when the server changes or is forgotten', async () => {
    const server = fakeServer({
      'GET /api/auth/session': () => json({ user: null }),
      'POST /api/login': () => json({ ...staffUser, sessionToken: TOKEN }),
      'POST /api/logout': () => new Response(null, { status: 204 }),
    });
    const main = controller(server.fetch);
    await main.handlers.setServer({ url: SERVER }, event);
    await main.handlers.logIn({ username: 'alice', password: 'pw' }, event);
    await main.handlers.setServer({ url: null }, event);
    expect(main.state()).toMatchObject({ serverUrl: null, signedIn: false });
    expect(server.requests.some((r) => r.url === `${SERVER}/api/logout`)).toBe(true);
  });

  it('alerts, flashes the window when it is in the background, and opens the clicked conversation', async () => {
    const main = controller(unreachable);
    const id = randomUUID();
    await main.handlers.visitorMessage({ conversationId: id, visitorName: 'Ada', text: 'Hello' }, event);
    expect(alerts).toEqual([{ title: 'Ada', body: 'Hello', conversationId: id, silent: false }]);
    expect(window.flashFrame).toHaveBeenLastCalledWith(true);

    main.windowFocused(true);
    window.focused = true;
    expect(window.flashFrame).toHaveBeenLastCalledWith(false);
    await main.handlers.conversationOpened({ conversationId: id }, event);
    await main.handlers.visitorMessage({ conversationId: id, visitorName: 'Ada', text: 'Seen already' }, event);
    expect(alerts).toHaveLength(1);

    window.minimized = true;
    main.openConversation(id);
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.sent).toEqual([{ channel: IPC.openConversation, args: [id] }]);
  });

  it('repeats alerts for unopened new conversations, and follows the settings', async () => {
    let now = 0;
    const main = controller(unreachable, () => now);
    const id = randomUUID();
    await main.handlers.newConversation({ conversationId: id, visitorName: 'Grace' }, event);
    now = 30_000;
    main.tick();
    expect(alerts.map((a) => a.title)).toEqual(['Grace', 'A new conversation is waiting']);

    expect(await main.handlers.updateSettings({ doNotDisturb: true }, event)).toEqual({
      ...defaultSettings,
      doNotDisturb: true,
    });
    now = 60_000;
    main.tick();
    await main.handlers.newConversation({ conversationId: randomUUID(), visitorName: 'Lin' }, event);
    expect(alerts).toHaveLength(2);
    expect(main.state().settings.doNotDisturb).toBe(true);
  });

  it('alerts for items per kind and brings the window forward on the item’s page when clicked', async () => {
    const main = controller(unreachable);
    const id = randomUUID();
    await main.handlers.itemAlert(
      { kind: 'service_request.client_reply', id, detail: 'Ada: Any news?', onScreen: false },
      event,
    );
    expect(alerts).toEqual([
      {
        title: 'A client replied',
        body: 'Ada: Any news?',
        conversationId: null,
        path: `/admin/service-requests?id=${id}`,
        silent: false,
      },
    ]);
    expect(window.flashFrame).toHaveBeenLastCalledWith(true);

    window.minimized = true;
    main.openAlert(alerts[0] as Alert);
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.sent).toEqual([{ channel: IPC.openPath, args: [`/admin/service-requests?id=${id}`] }]);

    // A chat alert still opens its conversation.
    const conversationId = randomUUID();
    main.openAlert({ title: 'Ada', body: 'Hi', conversationId, silent: false });
    expect(window.webContents.sent.at(-1)).toEqual({ channel: IPC.openConversation, args: [conversationId] });
  });

  it('passes the unread total on', async () => {
    const main = controller(unreachable);
    await main.handlers.setUnreadCount({ count: 5 }, event);
    expect(unread).toEqual([5]);
  });
});
