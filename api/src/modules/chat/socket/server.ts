import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { WebSocketServer, type WebSocket } from 'ws';
import { CHAT_SOCKET_PATH } from '@shared/chat-socket';
import { CHAT_CLOSE, CHAT_MAX_FRAME_BYTES } from '@shared/schemas/chat-frames';
import type { AppDeps } from '../../../app-deps';
import { isStaff, type ChatParticipant } from '../chat-access';
import { createChatBus } from '../events/bus';
import type { ChatConnection } from './connection';
import { createUpgradeAuthenticator } from './credentials';
import { ChatHub } from '../events/hub';
import { MessageWriter } from '../storage/message-writer';
import { PRESENCE_HEARTBEAT_MS } from '../storage/presence';
import { receiveFrame } from './protocol';

export interface ChatServerOptions {
  /** Ping every socket this often; one that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  presenceHeartbeatMs?: number;
  /** How long closing sockets get to finish their closing handshake at shutdown. */
  closeGraceMs?: number;
}

export interface ChatServer {
  readonly hub: ChatHub;
  /** Whether this instance currently receives chat events (false while its listener reconnects). */
  readonly listening: boolean;
  /** Starts listening for chat events; resolves once the instance receives them. */
  start(): Promise<void>;
  /** Closes every socket (1001, "going away"), withdraws this instance's presence, stops listening. */
  close(): Promise<void>;
}

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
 * The live-chat WebSocket endpoint on an HTTP server: authenticates upgrades
 * to /ws/chat from the session, speaks the frames of
 * shared/src/schemas/chat-frames.ts, and shares events with every other
 * instance through PostgreSQL LISTEN/NOTIFY.
 */
export function attachChatServer(options: {
  server: Server;
  app: Koa;
  session: Middleware;
  deps: AppDeps;
  /** For the listener's own connection (LISTEN cannot share the pool). */
  databaseUrl: string;
  chat?: ChatServerOptions;
}): ChatServer {
  const { server, deps } = options;
  const { logger } = deps;
  const settings = options.chat ?? {};
  const hub = new ChatHub(deps.db, logger);
  const bus = createChatBus({
    databaseUrl: options.databaseUrl,
    instanceId: hub.instanceId,
    logger,
    onPayload: (payload) => hub.receive(payload),
    onReconnected: () => hub.resync(),
  });
  const authenticate = createUpgradeAuthenticator(options.app, options.session, deps.config);
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: CHAT_MAX_FRAME_BYTES,
    perMessageDeflate: false,
  });
  const protocol = { db: deps.db, hub, writer: new MessageWriter(deps.db, logger), logger };
  let closing = false;
  const timers: NodeJS.Timeout[] = [];

  const accept = (ws: WebSocket, req: IncomingMessage, participant: ChatParticipant) => {
    const connection = hub.connect(ws, participant, {
      key: `${req.headers.cookie ?? ''}\n${req.headers.authorization ?? ''}`,
      revalidate: async () => {
        const decision = await authenticate(req);
        return decision.ok ? decision.participant : null;
      },
    });
    ws.on('message', (data, isBinary) => receiveFrame(protocol, connection, data, isBinary));
    ws.on('pong', () => {
      connection.alive = true;
    });
    // Oversized frames, bad UTF-8, resets: the socket closes; nothing else to do.
    ws.on('error', (err) => logger.debug({ err, connection: connection.id }, 'chat socket error'));
    ws.on('close', () => hub.disconnect(connection));
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== CHAT_SOCKET_PATH) return rejectUpgrade(socket, 404, 'Not found');
    const onSocketError = (err: Error) => logger.debug({ err }, 'chat upgrade socket error');
    socket.on('error', onSocketError);
    if (closing) return rejectUpgrade(socket, 503, 'Server shutting down');
    authenticate(req).then(
      (decision) => {
        if (!decision.ok && decision.status === 403) return rejectUpgrade(socket, 403, decision.message);
        if (closing || socket.destroyed) return rejectUpgrade(socket, 503, 'Server shutting down');
        socket.off('error', onSocketError);
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (decision.ok) return accept(ws, req, decision.participant);
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

  /** Drops sockets that stopped answering, and staff whose account no longer allows it. */
  const heartbeat = () => {
    // Sockets of one session (a console in several tabs) share one check.
    const checks = new Map<string, Promise<ChatParticipant | null>>();
    for (const connection of hub.allConnections()) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
      if (!connection.isStaffConnection) continue;
      const { key } = connection.credentials;
      let check = checks.get(key);
      if (!check) {
        check = connection.credentials.revalidate();
        checks.set(key, check);
      }
      void recheckStaff(connection, check);
    }
  };

  const recheckStaff = async (connection: ChatConnection, check: Promise<ChatParticipant | null>) => {
    try {
      const participant = await check;
      if (participant && isStaff(participant)) {
        connection.participant = participant;
        return;
      }
      connection.fail('unauthorized', 'Your staff session has ended. Please log in again.', CHAT_CLOSE.unauthorized);
    } catch (err) {
      logger.warn({ err }, 'could not recheck a staff chat session');
    }
  };

  return {
    hub,
    get listening() {
      return bus.listening;
    },
    async start() {
      server.on('upgrade', onUpgrade);
      await bus.start();
      await hub.presence.refresh();
      timers.push(setInterval(heartbeat, settings.heartbeatMs ?? 30_000));
      timers.push(
        setInterval(() => void hub.presence.heartbeat(), settings.presenceHeartbeatMs ?? PRESENCE_HEARTBEAT_MS),
      );
      for (const timer of timers) timer.unref();
    },
    async close() {
      if (closing) return;
      // The upgrade handler stays: from now on it answers 503, and clients retry another instance.
      closing = true;
      for (const timer of timers) clearInterval(timer);
      const sockets = [...hub.allConnections()].map((connection) => connection.ws);
      const closed = Promise.all(
        sockets.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === ws.CLOSED) return resolve();
              ws.once('close', () => resolve());
              ws.close(CHAT_CLOSE.goingAway, 'Server shutting down');
            }),
        ),
      );
      const grace = setTimeout(() => sockets.forEach((ws) => ws.terminate()), settings.closeGraceMs ?? 2_000);
      await closed;
      clearTimeout(grace);
      await hub.presence.withdraw();
      await bus.stop();
    },
  };
}
