/**
 * Where the live chat's WebSocket is, for the server, the web app and the
 * desktop console. No zod here (docs/decisions/015-zod-without-eval.md); the
 * frames' schemas are in ./schemas/chat-frames.ts.
 */

/** The chat socket's path on every server. */
export const CHAT_SOCKET_PATH = '/ws/chat';

/** The chat socket's URL on a server origin: ws:// for http, wss:// for https. */
export function chatSocketUrl(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}${CHAT_SOCKET_PATH}`;
}
