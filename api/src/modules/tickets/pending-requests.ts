import type { Knex } from 'knex';

/**
 * How many service requests are pending with nobody assigned: the tickets list's
 * `?status=pending&assigneeId=none` (the dashboard; the status index).
 */
export async function countPendingRequests(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from tickets where status = 'pending' and assignee_id is null`,
  );
  return rows[0]!.count;
}
