/**
 * The console's session token travels only in the main process: it is added
 * to the renderer's requests to the configured server (API calls and the
 * chat socket's upgrade) on their way out, so the renderer never holds it and
 * runs the web app's code unchanged (decision 050).
 */

/** The http(s) origin a request URL belongs to, counting ws:// as http:// and wss:// as https://. */
function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'ws:') parsed.protocol = 'http:';
    else if (parsed.protocol === 'wss:') parsed.protocol = 'https:';
    else if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/**
 * The headers to send instead of `headers`, or null to leave them as they
 * are. Adds `Authorization: Bearer <token>` for the server's origin only,
 * and never replaces an Authorization the page set itself (the /admin
 * screen sends the admin token that way).
 */
export function withSessionAuthorization(
  url: string,
  headers: Readonly<Record<string, string>>,
  session: { serverOrigin: string | null; token: string | null },
): Record<string, string> | null {
  if (!session.serverOrigin || !session.token) return null;
  if (httpOrigin(url) !== session.serverOrigin) return null;
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) return null;
  return { ...headers, Authorization: `Bearer ${session.token}` };
}
