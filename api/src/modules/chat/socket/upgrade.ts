import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { CHAT_SOCKET_PATH } from '@shared/chat-socket';
import { CHAT_CLOSE, type ChatErrorCode } from '@shared/schemas/chat-frames';
import type { Logger } from '../../../logger';
import type { ChatParticipant } from '../chat-access';
import type { UpgradeDecision } from './credentials';
import type { SocketCaps } from './limits';

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

/**
 * Refuses a socket that is already open. A browser cannot read the status of a refused handshake (it looks like a
 * network failure): say why in an error frame, then close with a code the client acts on.
 */
function refuseSocket(ws: WebSocket, code: ChatErrorCode, message: string, closeCode: number): void {
  ws.on('error', () => undefined);
  ws.send(JSON.stringify({ type: 'error', code, message }));
  ws.close(closeCode, message);
}

interface UpgradeListenerOptions {
  wss: WebSocketServer;
  /** Who the request belongs to (credentials.ts). */
  authenticate(req: IncomingMessage): Promise<UpgradeDecision>;
  /** The client's address (credentials.ts). */
  clientAddress(req: IncomingMessage): string;
  /** How many sockets a session and an address may hold (limits.ts). */
  caps: SocketCaps;
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
 * in a frame and closed with a final code (4401), and one beyond its
 * session's or address's cap with 1013, "try again later" (decision 078).
 */
export function createUpgradeListener(options: UpgradeListenerOptions) {
  const { wss, caps, logger } = options;
  const tooMany = (ws: WebSocket, ip: string, reason: string) => {
    logger.info({ ip, reason }, 'chat socket refused: over its cap');
    refuseSocket(ws, 'rate_limited', reason, CHAT_CLOSE.tryAgainLater);
  };
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== CHAT_SOCKET_PATH) return rejectUpgrade(socket, 404, 'Not found');
    const onSocketError = (err: Error) => logger.debug({ err }, 'chat upgrade socket error');
    socket.on('error', onSocketError);
    if (options.isClosing()) return rejectUpgrade(socket, 503, 'Server shutting down');
    const ip = options.clientAddress(req);
    // An address at its cap costs no session lookup.
    const addressFull = caps.addressRefusal(ip);
    const decided: Promise<UpgradeDecision> = addressFull
      ? Promise.resolve({ ok: false, status: 429, message: addressFull })
      : options.authenticate(req);
    decided.then(
      (decision) => {
        if (!decision.ok && decision.status === 403) return rejectUpgrade(socket, 403, decision.message);
        if (options.isClosing() || socket.destroyed) return rejectUpgrade(socket, 503, 'Server shutting down');
        socket.off('error', onSocketError);
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (!decision.ok && decision.status === 429) return tooMany(ws, ip, decision.message);
          if (!decision.ok) return refuseSocket(ws, 'unauthorized', decision.message, CHAT_CLOSE.unauthorized);
          // Counted once the socket exists, and given back when it closes, however that happens.
          const place = caps.admit(decision.sessionId, ip);
          if (!place.ok) return tooMany(ws, ip, place.reason);
          ws.once('close', place.release);
          options.accept(ws, req, decision.participant);
        });
      },
      (err: unknown) => {
        logger.error({ err }, 'chat upgrade failed');
        rejectUpgrade(socket, 503, 'Chat is unavailable right now');
      },
    );
  };
}
