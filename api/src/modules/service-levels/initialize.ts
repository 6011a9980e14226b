import type { Knex } from 'knex';
import { clockContext, refreshChats, refreshTickets } from './clocks';

const BATCH = 500;

/**
 * Open tickets and chats whose clocks never started (made before service
 * levels existed, or by a path that did not start them) get them, a batch at
 * a time; a partial index keeps the look cheap once none are left.
 */
export async function initializeClocks(db: Knex): Promise<number> {
  const tickets = (await db('tickets')
    .select('id')
    .whereNull('firstResponseTargetMinutes')
    .whereNotIn('status', ['completed', 'cancelled'])
    .limit(BATCH)) as { id: string }[];
  const chats = (await db('chat_conversations')
    .select('id')
    .whereNull('firstResponseTargetMinutes')
    .where('status', 'active')
    .limit(BATCH)) as { id: string }[];
  if (tickets.length === 0 && chats.length === 0) return 0;
  await db.transaction(async (trx) => {
    const ctx = await clockContext(trx);
    if (tickets.length > 0) await refreshTickets(trx, { ids: tickets.map((row) => row.id) }, ctx);
    if (chats.length > 0) await refreshChats(trx, { ids: chats.map((row) => row.id) }, ctx);
  });
  return tickets.length + chats.length;
}
