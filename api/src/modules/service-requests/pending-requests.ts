import type { Knex } from 'knex';

/** How many service requests wait for staff to take them up (the dashboard; the status index). */
export async function countPendingRequests(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from service_requests where status = 'pending'`,
  );
  return rows[0]!.count;
}
