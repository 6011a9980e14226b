import type { Knex } from 'knex';

/** How many orders are paid and wait for staff to fulfil them (the dashboard; the status index). */
export async function countOrdersToFulfil(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from orders where status = 'paid'`,
  );
  return rows[0]!.count;
}
