import type { Knex } from 'knex';

/**
 * The dashboard's service-level counts (decision 192), each what its list's
 * filter shows: open tickets at risk (`?sla=at_risk`) and open tickets
 * breached (`?sla=breached`), and the same for open chats. Each reads the
 * partial index on the state.
 */
async function count(db: Knex, table: string, state: string, open: string): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from ${table} where sla_state = ? and ${open}`,
    [state],
  );
  return rows[0]!.count;
}

const OPEN_TICKET = `status not in ('completed', 'cancelled')`;
const OPEN_CHAT = `status = 'active'`;

export const countTicketsAtRisk = (db: Knex) => count(db, 'tickets', 'at_risk', OPEN_TICKET);
export const countTicketsBreached = (db: Knex) => count(db, 'tickets', 'breached', OPEN_TICKET);
export const countChatsAtRisk = (db: Knex) => count(db, 'chat_conversations', 'at_risk', OPEN_CHAT);
export const countChatsBreached = (db: Knex) => count(db, 'chat_conversations', 'breached', OPEN_CHAT);
