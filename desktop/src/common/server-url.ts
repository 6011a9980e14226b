import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The server address typed on the first-run screen, as the origin the console
 * talks to. http(s) only; plain http only for a server on this computer, since
 * the session token would otherwise cross the network unencrypted (decision 052).
 */
export const serverUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address of your Northstar server')
  .max(2000, 'This address is too long')
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter a full address such as https://www.example.com' });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: 'The address must start with https://' });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'The address must not contain a user name or password' });
      return z.NEVER;
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Use https:// for a server on another computer (http:// only works for this computer)',
      });
      return z.NEVER;
    }
    return url.origin;
  });
