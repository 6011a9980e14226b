import type { Knex } from 'knex';

/**
 * "Is any staff member connected?" across every API instance. Each instance
 * keeps one row with its number of staff consoles and refreshes it on a
 * heartbeat; rows whose heartbeat is older than PRESENCE_STALE_MS (an instance
 * that died) no longer count.
 */
export const PRESENCE_HEARTBEAT_MS = 15_000;
export const PRESENCE_STALE_MS = 3 * PRESENCE_HEARTBEAT_MS;

export async function reportStaffConnections(db: Knex, instanceId: string, count: number): Promise<void> {
  await db.raw(
    `insert into chat_presence (instance_id, staff_connections, heartbeat_at) values (?, ?, now())
     on conflict (instance_id) do update set staff_connections = excluded.staff_connections, heartbeat_at = now()`,
    [instanceId, count],
  );
}

export async function removeInstancePresence(db: Knex, instanceId: string): Promise<void> {
  await db.raw('delete from chat_presence where instance_id = ?', [instanceId]);
}

export async function isStaffOnline(db: Knex): Promise<boolean> {
  const result = await db.raw<{ rows: { online: boolean }[] }>(
    `select coalesce(sum(staff_connections), 0) > 0 as online from chat_presence
     where heartbeat_at > now() - (? * interval '1 millisecond')`,
    [PRESENCE_STALE_MS],
  );
  return result.rows[0]?.online ?? false;
}

/** Maintenance: rows of instances that stopped without saying goodbye. */
export async function deleteStalePresence(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    "delete from chat_presence where heartbeat_at < now() - interval '1 hour'",
  );
  return result.rowCount;
}
