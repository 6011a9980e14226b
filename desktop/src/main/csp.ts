import { chatSocketUrl } from '@shared/chat-socket';

/**
 * The console page's Content-Security-Policy: its own scripts and styles
 * only, no eval, no inline scripts, and network access to the configured
 * server (HTTP and its chat socket) and nowhere else; images also from the
 * server (product pictures).
 */
export function consoleContentSecurityPolicy(serverOrigin: string | null): string {
  const connect = serverOrigin ? `${serverOrigin} ${new URL(chatSocketUrl(serverOrigin)).origin}` : "'none'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React and Radix set inline style attributes; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    // Product images come from the server; a chosen image is previewed from a blob: before it is uploaded.
    `img-src 'self' data: blob:${serverOrigin ? ` ${serverOrigin}` : ''}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
