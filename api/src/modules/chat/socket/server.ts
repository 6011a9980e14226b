import type { IncomingMessage, Server } from 'node:http';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { WebSocketServer, type WebSocket } from 'ws';
import { CHAT_CLOSE, CHAT_MAX_FRAME_BYTES } from '@shared/schemas/chat-frames';
import type { AppDeps } from '../../../app-deps';
import type { LiveBus } from '../../../live/bus';
import type { ChatParticipant } from '../chat-access';
import { SocketRegistry } from '../events/socket-registry';
import type { ChatConnection } from './connection';
import { emailUnreadReplies, type ReplyDigestTiming } from '../storage/chat-mails';
import { MessageWriter } from '../storage/message-writer';
import { PRESENCE_HEARTBEAT_MS } from '../storage/presence';
import { clientAddressOf, createUpgradeAuthenticator, type UpgradeDecision } from './credentials';
import { createHeartbeat, heartbeatSlices } from './heartbeat';
import { SocketCaps } from './limits';
import { receiveFrame, type ProtocolDeps } from './protocol';
import { recheckSessions } from './recheck';
import { createUpgradeListener } from './upgrade';

export interface ChatServerOptions {
  /** Ping every socket this often; one that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  presenceHeartbeatMs?: number;
  /** How long closing sockets get to finish their closing handshake at shutdown. */
  closeGraceMs?: number;
  /** How often to look for staff replies to email to visitors who left (chat-mails.ts), and how long to wait. */
  replyDigestMs?: number;
  replyDigestTiming?: ReplyDigestTiming;
}

export interface ChatServer {
  /** This instance's sockets and what they joined. */
  readonly registry: SocketRegistry;
  /** Whether this instance currently receives chat events (false while its listener reconnects). */
  readonly listening: boolean;
  /** Starts serving sockets (the live bus is started by the caller, before). */
  start(): Promise<void>;
  /** Closes every socket (1001, "going away") and withdraws this instance's presence (the caller stops the bus after). */
  close(): Promise<void>;
}

/**
 * Takes an authenticated socket into service: it joins the socket registry, its
 * frames go to the protocol, pongs mark it alive, and closing takes it out of the registry.
 * Its credentials are kept to read its session again later (recheck.ts).
 */
function serveSocket(
  protocol: ProtocolDeps,
  authenticate: (req: IncomingMessage) => Promise<UpgradeDecision>,
  ws: WebSocket,
  req: IncomingMessage,
  participant: ChatParticipant,
): void {
  const { registry, logger } = protocol;
  const connection = registry.connect(ws, participant, {
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
  ws.on('close', () => registry.disconnect(connection));
}

/** Closes sockets with 1001 ("going away": clients reconnect elsewhere); those that linger are cut after `graceMs`. */
async function closeSockets(sockets: WebSocket[], graceMs: number): Promise<void> {
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
  const grace = setTimeout(() => sockets.forEach((ws) => ws.terminate()), graceMs);
  await closed;
  clearTimeout(grace);
}

/**
 * The live-chat WebSocket endpoint on an HTTP server: authenticates upgrades
 * to /ws/chat from the session (upgrade.ts, credentials.ts), speaks the
 * frames of shared/src/schemas/chat-frames.ts (protocol.ts), and shares events
 * with every other instance through the live layer (api/src/live/): it
 * subscribes to the chat's, staff and account channels of the instance's bus.
 */
export function attachChatServer(options: {
  server: Server;
  app: Koa;
  session: Middleware;
  deps: AppDeps;
  /** The instance's live bus (not started yet): the chat subscribes to it. */
  live: LiveBus;
  /** This instance's id, as the bus knows it (event origins name it). */
  instanceId: string;
  chat?: ChatServerOptions;
}): ChatServer {
  const { server, deps, live } = options;
  const { logger } = deps;
  const settings = options.chat ?? {};
  const registry = new SocketRegistry(deps.db, logger, options.instanceId);
  const enforceRole = (connection: ChatConnection) => registry.enforceRole(connection);
  live.subscribe({
    on: {
      chat: (event) => registry.receive(event),
      // Orders, enquiries, …: to this instance's staff consoles (decision 100).
      staff: (event) => registry.receiveStaffEvent(event),
      // A session of this account ended, or its role changed: its sockets here read their session again now.
      accounts: (change) => void recheckSessions(registry.connectionsOf(change.userId), logger, enforceRole),
    },
    resync: () => {
      registry.resync();
      // Announcements sent while the connection was down are lost: read every account's sessions again.
      void recheckSessions(registry.accountConnections(), logger, enforceRole);
    },
  });
  const authenticate = createUpgradeAuthenticator(options.app, options.session, deps.config);
  const writer = new MessageWriter(deps.db, logger, deps.config.mail);
  const protocol: ProtocolDeps = { db: deps.db, registry, writer, logger };
  let closing = false;
  const onUpgrade = createUpgradeListener({
    wss: new WebSocketServer({
      noServer: true,
      clientTracking: false,
      maxPayload: CHAT_MAX_FRAME_BYTES,
      perMessageDeflate: false,
    }),
    authenticate,
    clientAddress: clientAddressOf(options.app),
    caps: new SocketCaps(deps.config.chatSockets),
    accept: (ws, req, participant) => serveSocket(protocol, authenticate, ws, req, participant),
    isClosing: () => closing,
    logger,
  });
  const heartbeatMs = settings.heartbeatMs ?? 30_000;
  const heartbeatSliceCount = heartbeatSlices(heartbeatMs);
  const heartbeat = createHeartbeat(() => registry.allConnections(), logger, enforceRole, heartbeatSliceCount);
  const timers: NodeJS.Timeout[] = [];

  return {
    registry,
    get listening() {
      return live.listening;
    },
    async start() {
      server.on('upgrade', onUpgrade);
      await registry.presence.refresh();
      timers.push(setInterval(heartbeat, heartbeatMs / heartbeatSliceCount));
      timers.push(
        setInterval(() => {
          void registry.presence.heartbeat();
          void registry.staffPresence.heartbeat();
        }, settings.presenceHeartbeatMs ?? PRESENCE_HEARTBEAT_MS),
      );
      timers.push(
        setInterval(
          () =>
            void emailUnreadReplies(deps.db, settings.replyDigestTiming).catch((err: unknown) =>
              logger.warn({ err }, 'could not email unread chat replies'),
            ),
          settings.replyDigestMs ?? 30_000,
        ),
      );
      for (const timer of timers) timer.unref();
    },
    async close() {
      if (closing) return;
      // The upgrade listener stays: from now on it answers 503, and clients retry another instance.
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await closeSockets(
        [...registry.allConnections()].map((connection) => connection.ws),
        settings.closeGraceMs ?? 2_000,
      );
      await registry.presence.withdraw();
      await registry.staffPresence.withdraw();
    },
  };
}
