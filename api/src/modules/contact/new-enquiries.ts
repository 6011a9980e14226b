import type { Knex } from 'knex';

/** How long an enquiry counts as new: the contact form promises an answer within 24 hours. */
const NEW_ENQUIRY_HOURS = 24;

/** How many enquiries arrived within the promised answer time (the dashboard; the date index). */
export async function countNewEnquiries(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(*)::int as count from contact_messages where created_at > now() - make_interval(hours => ?)`,
    [NEW_ENQUIRY_HOURS],
  );
  return rows[0]!.count;
}
