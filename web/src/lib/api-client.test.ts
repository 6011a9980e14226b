import type { QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson, apiRequest, ApiError, configureApiClient, errorMessage, getQueryFn } from './api-client';

type Call = { url: string; init: RequestInit };

let calls: Call[];
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () => Response.json({ ok: true });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  configureApiClient({ baseUrl: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ baseUrl: '' });
});

async function query(on401: 'returnNull' | 'throw', queryKey: string[]): Promise<unknown> {
  return getQueryFn({ on401 })({ queryKey } as unknown as QueryFunctionContext);
}

describe('apiRequest', () => {
  it('sends JSON with cookies and the client-wide and per-request headers', async () => {
    configureApiClient({ baseUrl: 'https://api.example.com', headers: () => ({ 'X-Client': 'web' }) });
    await apiRequest('POST', '/api/contact', { name: 'Ada' }, { headers: { 'X-Admin-Token': 't' } });
    expect(calls).toEqual([
      {
        url: 'https://api.example.com/api/contact',
        init: {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'X-Client': 'web',
            'X-Admin-Token': 't',
            'Content-Type': 'application/json',
          },
          body: '{"name":"Ada"}',
          credentials: 'include',
        },
      },
    ]);
  });

  it('sends no body or Content-Type without a body, and the configured credentials', async () => {
    configureApiClient({ baseUrl: '', credentials: 'omit' });
    await apiRequest('POST', '/api/logout');
    expect(calls[0]!.init).toEqual({
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: undefined,
      credentials: 'omit',
    });
  });

  it('throws an ApiError "<status>: <body>" on non-2xx, carrying the server message', async () => {
    answer = () => Response.json({ message: 'Too many requests' }, { status: 429 });
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toBe('429: {"message":"Too many requests"}');
    expect((error as ApiError).serverMessage).toBe('Too many requests');
    expect(errorMessage(error, 'Failed')).toBe('Too many requests');
  });

  it('uses the status text when the error body is empty', async () => {
    answer = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    const error = (await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.serverMessage).toBeNull();
    expect(errorMessage(error, 'Failed')).toBe('Failed');
  });
});

describe('apiJson', () => {
  it('parses the JSON answer; 204 is undefined', async () => {
    await expect(apiJson('GET', '/api/x')).resolves.toEqual({ ok: true });
    answer = () => new Response(null, { status: 204 });
    await expect(apiJson('DELETE', '/api/x')).resolves.toBeUndefined();
  });
});

describe('getQueryFn', () => {
  it('GETs the key joined by "/" with cookies and the client-wide headers', async () => {
    configureApiClient({ baseUrl: 'https://api.example.com', headers: () => ({ 'X-Client': 'web' }) });
    await expect(query('throw', ['/api/orders', '42'])).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.example.com/api/orders/42');
    expect(calls[0]!.init.method ?? 'GET').toBe('GET');
    expect(calls[0]!.init.body ?? null).toBeNull();
    expect(calls[0]!.init.headers).toEqual({ Accept: 'application/json', 'X-Client': 'web' });
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('resolves a 401 to null with on401 "returnNull", and throws it otherwise', async () => {
    answer = () => Response.json({ message: 'Not logged in' }, { status: 401 });
    await expect(query('returnNull', ['/api/auth/user'])).resolves.toBeNull();
    const error = (await query('throw', ['/api/auth/user']).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Not logged in');
  });

  it('throws other failures even with on401 "returnNull"', async () => {
    answer = () => Response.json({ message: 'Forbidden' }, { status: 403 });
    await expect(query('returnNull', ['/api/admin'])).rejects.toBeInstanceOf(ApiError);
  });
});
