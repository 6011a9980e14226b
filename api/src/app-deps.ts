import type { Knex } from 'knex';
import type { Config } from './config';
import type { Logger } from './logger';

/** What every route module is built from. Created once per server in server.ts. */
export interface AppDeps {
  config: Config;
  db: Knex;
  logger: Logger;
}
