import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { startServer } from './server';

/** The process entry of `npm start` / `npm run serve`. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const running = await startServer({ config, logger });
  logger.info({ port: running.port, publicUrl: config.publicUrl, env: config.env }, 'server listening');
  if (process.stdout.isTTY) {
    process.stdout.write(`\n  Northstar IT is running at ${config.publicUrl}\n\n`);
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
}

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
