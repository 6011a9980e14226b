import { net, type Session } from 'electron';
import { APP_ORIGIN } from './constants';
import type { Fetch } from './server-session';

function toResponse(
  status: number,
  statusText: string,
  raw: Record<string, string | string[]>,
  body: Buffer,
): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) for (const one of [value].flat()) headers.append(name, one);
  const empty = status === 204 || status === 205 || status === 304;
  return new Response(empty ? null : new Uint8Array(body), { status, statusText, headers });
}

/**
 * How the main process talks to the server (logging in and out, checking an
 * address): Chromium's network stack, so the system's proxy and certificates
 * apply as for the page; sent as the console (Origin: app://console, which
 * the server admits for token logins and bearer requests), never with
 * cookies, never following a redirect elsewhere.
 */
export function consoleFetch(session: Session): Fetch {
  return (url, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const request = net.request({
        url,
        method: init.method ?? 'GET',
        session,
        origin: APP_ORIGIN,
        credentials: 'omit',
        redirect: 'error',
      });
      new Headers(init.headers).forEach((value, name) => request.setHeader(name, value));
      const { signal } = init;
      const abort = () => {
        request.abort();
        reject(signal?.reason instanceof Error ? signal.reason : new Error('The request was aborted'));
      };
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      const fail = (error: Error) => {
        signal?.removeEventListener('abort', abort);
        reject(error);
      };
      request.on('error', fail);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          signal?.removeEventListener('abort', abort);
          try {
            resolve(toResponse(response.statusCode, response.statusMessage, response.headers, Buffer.concat(chunks)));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      if (typeof init.body === 'string') request.write(init.body);
      request.end();
    });
}
