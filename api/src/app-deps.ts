import type { Knex } from 'knex';
import type { Config } from './config';
import type { Heartbeat } from './heartbeat';
import type { Logger } from './logger';

/** What this instance knows about itself for /healthz (decision 174); filled in by server.ts. */
export interface InstanceState {
  /** Beats on every pass of this instance's mail worker. */
  mailWorker: Heartbeat;
  /** Migrations of this build not applied to the database: counted at start, after migrating. */
  pendingMigrations: number;
}

/** What every route module is built from. Created once per server in server.ts. */
export interface AppDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  /** A whole server's state (server.ts); absent where only the app runs (most tests): /healthz then omits it. */
  instance?: InstanceState;
}
