import type { Knex } from 'knex';

/**
 * Catalogue changes cross instances on this PostgreSQL channel: a change is
 * announced in its transaction (delivered on commit), and every instance's
 * LISTEN connection (the one the chat's event bus holds, wired in server.ts)
 * drops its catalogue snapshot at once (decision 108). The instance that made
 * the change drops its own without waiting.
 */
export const CATALOG_CHANNEL = 'northstar_catalog';

export async function announceCatalogChange(db: Knex | Knex.Transaction): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [CATALOG_CHANNEL, 'changed']);
}
