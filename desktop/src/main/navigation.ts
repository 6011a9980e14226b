import { APP_ORIGIN } from './constants';

export type NavigationDecision = 'stay' | 'external' | 'deny';

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
  if (parsed.origin === APP_ORIGIN) return 'stay';
  if (parsed.protocol === 'https:' || parsed.protocol === 'http:')
    return parsed.username || parsed.password ? 'deny' : 'external';
  if (parsed.protocol === 'mailto:') return 'external';
  return 'deny';
}
