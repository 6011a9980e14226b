import { beforeEach, describe, expect, it, vi } from 'vitest';
import { net, resetElectronFake } from '../test/electron-fake';
import { consoleFetch } from './console-fetch';

vi.mock('electron', () => import('../test/electron-fake'));

beforeEach(resetElectronFake);

const session = { name: 'default' };

describe("main's requests to the server", () => {
  it('go as the console, without cookies or redirects, and come back as a Response', async () => {
    const fetch = consoleFetch(session as never);
    const answer = fetch('https://www.example.com/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Session-Transport': 'token' },
      body: '{"username":"a"}',
    });
    const [request] = net.requests;
    expect(request?.options).toEqual({
      url: 'https://www.example.com/api/login',
      method: 'POST',
      session,
      origin: 'app://console',
      credentials: 'omit',
      redirect: 'error',
    });
    expect(request?.headers).toEqual({ 'content-type': 'application/json', 'x-session-transport': 'token' });
    expect(request?.written).toEqual(['{"username":"a"}']);
    expect(request?.ended).toBe(true);
    request?.respond(200, { 'content-type': ['application/json'], 'x-request-id': 'abc' }, '{"ok":true}');
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('abc');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('answer 204 without a body, and reject on network errors and timeouts', async () => {
    const fetch = consoleFetch(session as never);
    const empty = fetch('https://www.example.com/api/logout', { method: 'POST' });
    net.requests[0]?.respond(204, {}, '');
    expect((await empty).status).toBe(204);

    const failing = fetch('https://down.example.com/api/auth/session');
    net.requests[1]?.emit('error', new Error('net::ERR_CONNECTION_REFUSED'));
    await expect(failing).rejects.toThrow('net::ERR_CONNECTION_REFUSED');

    const controller = new AbortController();
    const slow = fetch('https://slow.example.com/api/auth/session', { signal: controller.signal });
    controller.abort(new Error('timed out'));
    await expect(slow).rejects.toThrow('timed out');
    expect(net.requests[2]?.aborted).toBe(true);
  });
});
