import type { Knex } from 'knex';

/** How many enquiries are still new: nobody has replied to them or closed them (the dashboard; the status filter). */
export async function countNewEnquiries(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from enquiries where status = 'new'`,
  );
  return rows[0]!.count;
}

/** How many of those are quote requests (the dashboard; /admin/enquiries?status=new&kind=quote_request). */
export async function countNewQuoteRequests(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from enquiries where status = 'new' and kind = 'quote_request'`,
  );
  return rows[0]!.count;
}
