import pg from 'pg';
import { backoffDelay } from '@shared/backoff';
import type { Logger } from '../../../logger';

/** The listener's name in pg_stat_activity: which instance it belongs to. */
export function listenerName(instanceId: string): string {
  return `northstar-it chat ${instanceId.slice(0, 8)}`;
}

interface ChatBusOptions {
  databaseUrl: string;
  instanceId: string;
  logger: Logger;
  /** The channels to LISTEN on, each with what receives its payloads (all channels' together in commit order). */
  channels: Record<string, (payload: string) => void>;
  /**
   * Called after the connection came back: events sent while it was down are
   * lost, so listeners must catch up from the database.
   */
  onReconnected(): void;
  /** First retry delay; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

interface ChatBus {
  /** Resolves once LISTEN is in place (retrying until it is, or until stop()). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether LISTEN is in place right now. */
  readonly listening: boolean;
}

/**
 * LISTEN on the chat's channels (its own events, and account changes from
 * auth) through a dedicated PostgreSQL connection (a LISTEN needs a session of
 * its own; the Knex pool hands connections around). When the connection drops
 * it reconnects with exponential backoff and jitter.
 */
export function createChatBus(options: ChatBusOptions): ChatBus {
  const { logger } = options;
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let everListened = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let firstListen: { resolve(): void; promise: Promise<void> } | null = null;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    const delay = backoffDelay(attempt, minBackoff, maxBackoff);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const dropClient = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    listening = false;
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
  };

  const connect = async () => {
    if (stopped) return;
    const current = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: listenerName(options.instanceId),
      keepAlive: true,
    });
    client = current;
    current.on('error', (err) => {
      if (stopped) return;
      logger.warn({ err }, 'chat listener connection failed; reconnecting');
      dropClient(current);
      scheduleRetry();
    });
    current.on('end', () => {
      if (stopped || client !== current) return;
      logger.warn('chat listener connection ended; reconnecting');
      dropClient(current);
      scheduleRetry();
    });
    current.on('notification', (message) => {
      if (message.payload === undefined || !Object.hasOwn(options.channels, message.channel)) return;
      options.channels[message.channel]!(message.payload);
    });
    try {
      await current.connect();
      for (const channel of Object.keys(options.channels)) await current.query(`LISTEN ${channel}`);
    } catch (err) {
      if (stopped) return;
      logger.warn({ err, attempt }, 'chat listener could not connect; retrying');
      dropClient(current);
      scheduleRetry();
      return;
    }
    if (client !== current) return;
    listening = true;
    attempt = 0;
    if (everListened) {
      logger.info('chat listener reconnected');
      options.onReconnected();
    }
    everListened = true;
    firstListen?.resolve();
  };

  return {
    get listening() {
      return listening;
    },
    start() {
      if (!firstListen) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        firstListen = { resolve, promise };
        void connect();
      }
      return firstListen.promise;
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      firstListen?.resolve();
      const current = client;
      client = null;
      listening = false;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
