import { readFile } from 'node:fs/promises';
import { protocol, type Session } from 'electron';
import { contentTypeOf, resolveAppFile } from './app-files';
import { APP_SCHEME } from './constants';
import { consoleContentSecurityPolicy } from './csp';

/** Before the app is ready: app:// is a standard, secure origin with fetch (decision 053). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Serves the built renderer (and nothing else) at app://console/ in the
 * console's session, each answer with the CSP for the configured server.
 */
export function serveConsole(session: Session, rendererRoot: string, serverUrl: () => string | null): void {
  session.protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound();
    const file = resolveAppFile(rendererRoot, request.url);
    if (!file) return notFound();
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return notFound();
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      headers: {
        'Content-Type': contentTypeOf(file),
        'Content-Security-Policy': consoleContentSecurityPolicy(serverUrl()),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      },
    });
  });
}
