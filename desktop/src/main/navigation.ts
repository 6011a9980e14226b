import { APP_HOST, APP_SCHEME } from './constants';

/**
 * Whether a URL is one of the console's own pages. (Node's URL gives custom
 * schemes the origin "null", so scheme and host are compared instead.)
 */
export function isConsoleUrl(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
}

type NavigationDecision = 'stay' | 'external' | 'deny';

/**
 * Where a navigation or a new window may go: within the console's own pages;
 * web and mail links leave for the system browser or mail program; anything
 * else (file:, javascript:, other apps' schemes, the server's pages) nowhere.
 */
export function navigationDecision(url: string): NavigationDecision {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'deny';
  }
  if (isConsoleUrl(parsed)) return 'stay';
  if (parsed.protocol === 'https:' || parsed.protocol === 'http:')
    return parsed.username || parsed.password ? 'deny' : 'external';
  if (parsed.protocol === 'mailto:') return 'external';
  return 'deny';
}
