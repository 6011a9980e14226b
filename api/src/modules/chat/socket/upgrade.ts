import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { CHAT_SOCKET_PATH } from '@shared/chat-socket';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import type { Logger } from '../../../logger';
import type { ChatParticipant } from '../chat-access';
import type { UpgradeDecision } from './credentials';

/** Answers an upgrade request with a plain HTTP error and drops the connection. */
function rejectUpgrade(socket: Duplex, status: number, message: string): void {
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

interface UpgradeListenerOptions {
  wss: WebSocketServer;
  /** Who the request belongs to (credentials.ts). */
  authenticate(req: IncomingMessage): Promise<UpgradeDecision>;
  /** Takes an authenticated socket into service. */
  accept(ws: WebSocket, req: IncomingMessage, participant: ChatParticipant): void;
  /** True once the server shuts down. */
  isClosing(): boolean;
  logger: Logger;
}

/**
 * The HTTP server's `upgrade` listener: other paths get 404, upgrades during
 * shutdown 503 (clients retry another instance), a foreign origin 403. Any
 * other request becomes a WebSocket; one without a chat session is told why
 * in a frame and closed with a final code.
 */
export function createUpgradeListener(options: UpgradeListenerOptions) {
  const { wss, logger } = options;
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== CHAT_SOCKET_PATH) return rejectUpgrade(socket, 404, 'Not found');
    const onSocketError = (err: Error) => logger.debug({ err }, 'chat upgrade socket error');
    socket.on('error', onSocketError);
    if (options.isClosing()) return rejectUpgrade(socket, 503, 'Server shutting down');
    options.authenticate(req).then(
      (decision) => {
        if (!decision.ok && decision.status === 403) return rejectUpgrade(socket, 403, decision.message);
        if (options.isClosing() || socket.destroyed) return rejectUpgrade(socket, 503, 'Server shutting down');
        socket.off('error', onSocketError);
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (decision.ok) return options.accept(ws, req, decision.participant);
          // A browser cannot read the status of a refused handshake (it looks like a network failure and is
          // retried forever): say why in a frame and close with a final code instead.
          ws.on('error', () => undefined);
          ws.send(JSON.stringify({ type: 'error', code: 'unauthorized', message: decision.message }));
          ws.close(CHAT_CLOSE.unauthorized, decision.message);
        });
      },
      (err: unknown) => {
        logger.error({ err }, 'chat upgrade failed');
        rejectUpgrade(socket, 503, 'Chat is unavailable right now');
      },
    );
  };
}
