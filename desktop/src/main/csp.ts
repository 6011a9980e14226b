import { chatSocketUrl } from '@shared/chat-socket';

/**
 * The console page's Content-Security-Policy: its own scripts and styles
 * only, no eval, no inline scripts, and network access to the configured
 * server (HTTP and its chat socket) and nowhere else.
 */
export function consoleContentSecurityPolicy(serverOrigin: string | null): string {
  const connect = serverOrigin ? `${serverOrigin} ${new URL(chatSocketUrl(serverOrigin)).origin}` : "'none'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React and Radix set inline style attributes; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
