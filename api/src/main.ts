import { loadConfigOrExit, type Config } from './config';
import { createLogger } from './logger';
import { VITE_DEV_URL } from './modules/site/dev-site';
import { startServer } from './server';
import { describeStartupError } from './startup-errors';

/** `npm run dev` starts this file with --dev: the site is Vite's, not a build from dist/web. */
const devMode = process.argv.includes('--dev');

/** The process entry of `npm start` / `npm run serve` / `npm run dev`. */
async function main(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel, { format: config.logFormat, env: config.env });
  const running = await startServer({ config, logger, devWebUrl: devMode ? VITE_DEV_URL : undefined });
  logger.info(
    {
      port: running.port,
      publicUrl: config.publicUrl,
      env: config.env,
      ...(running.embeddedDatabaseDir ? { databaseDir: running.embeddedDatabaseDir } : {}),
    },
    'server listening',
  );
  if (process.stdout.isTTY) {
    const lines = devMode
      ? [`  API (development) on port ${running.port}. Open the site at ${VITE_DEV_URL} (Vite, hot reload).`]
      : [`  Northstar IT is running at ${config.publicUrl}`];
    if (running.embeddedDatabaseDir) lines.push(`  Database files: ${running.embeddedDatabaseDir}`);
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }
  if (config.adminTokenFile && config.adminToken) {
    // Generated outside production only: the operator needs it to seed products at /admin.
    process.stdout.write(
      `\n  Admin token for seeding products at ${config.publicUrl}/admin:\n    ${config.adminToken}\n  (kept in ${config.adminTokenFile}; set ADMIN_TOKEN to choose your own)\n\n`,
    );
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => {
        logger.info('stopped');
        logger.flush();
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The terminal went away (its window closed): stop as on Ctrl+C, so the embedded PostgreSQL stops too. Writing to
  // the terminal that is gone fails from now on; the shutdown goes on without it.
  process.on('SIGHUP', (signal) => {
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    stop(signal);
  });
}

const config = loadConfigOrExit();
main(config).catch((err: unknown) => {
  // Day-one problems (port taken, database unreachable, missing, refusing us) get one line with the fix.
  const explained = describeStartupError(err, config);
  const text = explained ?? (err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.stderr.write(`Failed to start: ${text}\n`);
  process.exit(1);
});
