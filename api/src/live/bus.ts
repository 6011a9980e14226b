import pg from 'pg';
import { backoffDelay } from '@shared/backoff';
import type { Logger } from '../logger';
import { liveChannels, type LiveChannel, type LiveEvent } from './channels';
import { decodeLiveEvent } from './publish';

/** The listener's name in pg_stat_activity: which instance it belongs to. */
export function listenerName(instanceId: string): string {
  return `northstar-it live ${instanceId.slice(0, 8)}`;
}

/** What one part of the instance hears: some channels' events, and what to do after events may have been lost. */
export interface LiveSubscriber {
  /** Each channel's events, decoded (payloads that are not one of its events never arrive), in commit order. */
  on: { [C in LiveChannel]?: (event: LiveEvent<C>) => void };
  /**
   * Called after the connection came back: events sent while it was down are
   * lost, so subscribers catch up from the database.
   */
  resync(): void;
}

interface LiveBusOptions {
  databaseUrl: string;
  instanceId: string;
  logger: Logger;
  /** First retry delay; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface LiveBus {
  /** Adds a subscriber; only before start(), which LISTENs on the channels subscribed to. */
  subscribe(subscriber: LiveSubscriber): void;
  /** Resolves once LISTEN is in place (retrying until it is, or until stop()). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether LISTEN is in place right now. */
  readonly listening: boolean;
}

/**
 * The instance's one LISTEN connection (decision 160): a dedicated PostgreSQL
 * connection (a LISTEN needs a session of its own; the Knex pool hands
 * connections around) on every channel some subscriber wants, each event
 * decoded once and handed to its subscribers in the order they subscribed.
 * When the connection drops it reconnects with exponential backoff and
 * jitter, then asks every subscriber to resync.
 */
export function createLiveBus(options: LiveBusOptions): LiveBus {
  const { logger } = options;
  const subscribers: LiveSubscriber[] = [];
  /** Each PostgreSQL channel listened on: its registry key and the handlers of its events. */
  const channels = new Map<string, { key: LiveChannel; handlers: ((event: never) => void)[] }>();
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
      logger.warn({ err }, 'live listener connection failed; reconnecting');
      dropClient(current);
      scheduleRetry();
    });
    current.on('end', () => {
      if (stopped || client !== current) return;
      logger.warn('live listener connection ended; reconnecting');
      dropClient(current);
      scheduleRetry();
    });
    current.on('notification', (message) => {
      const channel = channels.get(message.channel);
      if (message.payload === undefined || !channel) return;
      const event = decodeLiveEvent(channel.key, message.payload);
      if (event === null) return;
      for (const handler of channel.handlers) handler(event as never);
    });
    try {
      await current.connect();
      for (const channel of channels.keys()) await current.query(`LISTEN ${channel}`);
    } catch (err) {
      if (stopped) return;
      logger.warn({ err, attempt }, 'live listener could not connect; retrying');
      dropClient(current);
      scheduleRetry();
      return;
    }
    if (client !== current) return;
    listening = true;
    attempt = 0;
    if (everListened) {
      logger.info('live listener reconnected');
      for (const subscriber of subscribers) subscriber.resync();
    }
    everListened = true;
    firstListen?.resolve();
  };

  return {
    get listening() {
      return listening;
    },
    subscribe(subscriber) {
      if (firstListen) throw new Error('subscribe to live events before the bus starts');
      subscribers.push(subscriber);
      for (const key of Object.keys(subscriber.on) as LiveChannel[]) {
        const handler = subscriber.on[key];
        if (!handler) continue;
        const { name } = liveChannels[key];
        const channel = channels.get(name) ?? { key, handlers: [] };
        channel.handlers.push(handler as (event: never) => void);
        channels.set(name, channel);
      }
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
