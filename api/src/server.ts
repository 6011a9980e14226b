import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { appSession, createApp } from './app';
import type { AppDeps, InstanceState } from './app-deps';
import type { Config } from './config';
import { connectDatabase, countPendingMigrations, migrateToLatest } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { createHeartbeat } from './heartbeat';
import type { Logger } from './logger';
import { createHttpServer } from './http-timeouts';
import { createLiveBus, type LiveBus } from './live/bus';
import { configuredMaintenanceTasks, maintenanceTasks, startMaintenance } from './maintenance';
import { paymentMaintenanceTasks } from './payment-wiring';
import { sessionCacheFor } from './modules/auth/session-cache';
import { Assigner, type PassResult } from './modules/assignment/assigner';
import { catalogCacheFor } from './modules/catalog/catalog-cache';
import { attachChatServer, type ChatServer, type ChatServerOptions } from './modules/chat/socket/server';
import { startSmtpReceiver, type SmtpReceiver } from './modules/inbound-email/smtp-receiver';
import { startMailWorker, type MailWorker, type MailWorkerOptions } from './modules/mail/mail-worker';
import { mailAttachmentSources } from './modules/billing/billing.service';
import { loadLiveSite } from './modules/site/live-pages';
import { loadStaticFiles, type StaticFile } from './modules/site/static-files';
import { reportFactsRecount } from './modules/reports/facts-recount';
import { startServiceLevelSweeper, type ServiceLevelSweeper } from './modules/service-levels/sweeper';

export interface RunningServer {
  /** Where this process listens, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Where the embedded PostgreSQL keeps its data; null with DATABASE_URL. */
  embeddedDatabaseDir: string | null;
  port: number;
  deps: AppDeps;
  server: http.Server;
  chat: ChatServer;
  assigner: Assigner;
  mail: MailWorker;
  /** The built-in SMTP receiver's port; null when it is off (INBOUND_SMTP_PORT unset). */
  inboundSmtpPort: number | null;
  /** The instance's live listener (decision 160). */
  live: LiveBus;
  serviceLevels: ServiceLevelSweeper;
  close(): Promise<void>;
}

interface StartOptions {
  config: Config;
  logger: Logger;
  /** The built web app; defaults to dist/web under the working directory. */
  webRoot?: string;
  /** Milliseconds to let in-flight requests finish on shutdown. */
  shutdownGraceMs?: number;
  /** Live-chat timings (tests shorten them). */
  chat?: ChatServerOptions;
  /** Mail delivery timings and transport (tests shorten and replace them). */
  mail?: MailWorkerOptions;
  /** The service-level sweep's longest wait (tests shorten it). */
  serviceLevels?: { intervalMs?: number };
  /** Automatic assignment: how often it looks again without being told (offline grace), and a listener (tests). */
  assignment?: { sweepMs?: number; onPass?: (result: PassResult) => void };
  /** `npm run dev`: serve no site (Vite serves it at this URL), only a page pointing there. */
  devWebUrl?: string;
}

/**
 * Starts everything one API instance needs: the database (embedded when no
 * DATABASE_URL), migrations, the HTTP server and background maintenance.
 * `close()` undoes it in reverse order, letting in-flight requests finish.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, logger });
    databaseUrl = embedded.url;
    logger.info(
      { databaseDir: embedded.databaseDir, port: config.embeddedPostgresPort },
      'embedded PostgreSQL started',
    );
  }

  const db = connectDatabase(databaseUrl, { logger });
  let pendingMigrations: number;
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    // Counted once, after migrating, for /healthz (none, unless another instance rolled back meanwhile).
    pendingMigrations = await countPendingMigrations(db);
  } catch (err) {
    await db.destroy();
    await embedded?.stop();
    throw err;
  }

  const instance: InstanceState = { mailWorker: createHeartbeat(), pendingMigrations };
  const deps: AppDeps = { config, db, logger, instance };
  const webRoot = options.webRoot ?? path.resolve('dist/web');
  const siteFiles = options.devWebUrl
    ? new Map<string, StaticFile>()
    : await loadStaticFiles(webRoot, config.publicUrl);
  if (siteFiles.size === 0 && !options.devWebUrl) {
    logger.warn('web app not built (run `npm run build`): serving the API only');
  }
  const liveSite = siteFiles.size === 0 ? null : await loadLiveSite(webRoot, config.publicUrl);
  const app = createApp(deps, { siteFiles, devWebUrl: options.devWebUrl, liveSite });

  const server = createHttpServer(app.callback(), config.http);
  // The instance's one LISTEN connection (LISTEN cannot share the pool); its subscribers, in order (decision 160).
  const instanceId = randomUUID();
  const live = createLiveBus({ databaseUrl, instanceId, logger });
  // Catalogue changes on any instance drop this instance's snapshot of the shop at once (decision 108).
  const catalog = catalogCacheFor(db);
  live.subscribe({ on: { catalogue: () => catalog.invalidate() }, resync: () => catalog.invalidate() });
  // Signed-in requests are served from this instance's copy of their session while the listener is connected;
  // every change PostgreSQL announces drops the copy, and a reconnection drops them all (decision 172). Subscribed
  // before the chat server, so an account change has dropped the copy before its sockets read the session again.
  const sessions = sessionCacheFor(db);
  live.subscribe({
    on: {
      sessions: (change) => ('sid' in change ? sessions.dropSession(change.sid) : sessions.dropUser(change.userId)),
      accounts: (change) => sessions.dropUser(change.userId),
    },
    resync: () => sessions.clear(),
  });
  sessions.attach(() => live.listening);
  // Any staff event may have moved a service-level clock, on any instance: the precise timer looks again
  // (decision 192). The sweeper itself starts once the server listens.
  let serviceLevels: ServiceLevelSweeper | null = null;
  live.subscribe({ on: { staff: () => serviceLevels?.poke() }, resync: () => serviceLevels?.poke() });
  // Automatic assignment (decision 187): a pass when a chat or ticket arrives, closes or is unassigned, when someone
  // comes online or goes offline, when the setting changes; passes on every instance take turns under one lock.
  const assigner = new Assigner(db, logger, options.assignment);
  live.subscribe({
    on: {
      chat: (event) => {
        if (event.kind === 'presence') assigner.poke({ sweep: true });
        else if (event.kind === 'conversation' || event.kind === 'closed') assigner.poke();
      },
      staff: (event) => {
        if (event.kind === 'service_request.created' || event.kind === 'service_request.updated') assigner.poke();
      },
    },
    resync: () => assigner.poke({ sweep: true }),
  });
  const chat = attachChatServer({
    server,
    app,
    session: appSession(app),
    deps,
    live,
    instanceId,
    chat: options.chat,
  });
  await live.start();
  await chat.start();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    // The port is taken (or not ours to use): undo what started, then report.
    await assigner.stop();
    await chat.close();
    await live.stop();
    await db.destroy();
    await embedded?.stop();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const maintenance = startMaintenance(db, logger, {
    tasks: [
      ...maintenanceTasks,
      ...configuredMaintenanceTasks(config),
      ...paymentMaintenanceTasks(deps).map((task) => ({ name: task.name, run: () => task.run() })),
    ],
  });
  serviceLevels = startServiceLevelSweeper(db, logger, options.serviceLevels);
  const sweeper = serviceLevels;
  // Items left without the current business hours' stamp when an instance stopped mid-recount (decision 210).
  const reportFacts = reportFactsRecount(db, logger);
  reportFacts.kick();
  assigner.start();
  const mail = startMailWorker(deps, { attachmentSources: mailAttachmentSources, ...options.mail });
  // The built-in SMTP receiver, when INBOUND_SMTP_PORT is set (docs/inbound-email.md).
  let smtpReceiver: SmtpReceiver | null = null;
  if (config.inbound.smtpPort !== null) {
    try {
      smtpReceiver = await startSmtpReceiver({ db, config, logger });
    } catch (err) {
      maintenance.stop();
      await mail.stop();
      await chat.close();
      await live.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      await embedded?.stop();
      throw err;
    }
  }
  if (!config.mail.smtpUrl) {
    const message = 'SMTP_URL is not set: emails are rendered and kept in the outbox (/admin/outbox), not sent';
    if (config.env === 'production') logger.warn(message);
    else logger.info(message);
  }

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      maintenance.stop();
      await sweeper.stop();
      // No new mail in: a sender whose message is refused now keeps it and tries again (another MX, or later).
      await smtpReceiver?.close();
      // Chat sockets first (1001 "going away": clients reconnect elsewhere), while the database is still up.
      await chat.close();
      await assigner.stop();
      await live.stop();
      // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
      await drained;
      clearTimeout(grace);
      await mail.stop();
      await reportFacts.stop();
      await db.destroy();
      await embedded?.stop();
    })();
    return closing;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    embeddedDatabaseDir: embedded?.databaseDir ?? null,
    port,
    deps,
    server,
    chat,
    assigner,
    mail,
    inboundSmtpPort: smtpReceiver?.port ?? null,
    live,
    serviceLevels: sweeper,
    close,
  };
}
