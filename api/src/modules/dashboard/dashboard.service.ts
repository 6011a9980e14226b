import type { Knex } from 'knex';
import type { DashboardCounts } from '@shared/schemas/dashboard';

/** How long an enquiry counts as new: the contact form promises an answer within 24 hours. */
const NEW_ENQUIRY_HOURS = 24;

/**
 * The dashboard's counts in one round trip. Each reads an index: paid orders
 * by status, unread visitor messages (a partial index), recent enquiries by
 * date, pending requests by status.
 */
export async function dashboardCounts(db: Knex): Promise<DashboardCounts> {
  const { rows } = await db.raw<{ rows: DashboardCounts[] }>(
    `select
       (select count(*) from orders where status = 'paid')::int as "ordersToFulfil",
       (select count(distinct m.conversation_id) from chat_messages m
          join chat_conversations c on c.id = m.conversation_id
         where not m.is_read and m.sender_type = 'visitor' and c.status = 'active')::int as "waitingChats",
       (select count(*) from contact_messages
         where created_at > now() - make_interval(hours => ?))::int as "newEnquiries",
       (select count(*) from service_requests where status = 'pending')::int as "newServiceRequests"`,
    [NEW_ENQUIRY_HOURS],
  );
  return rows[0]!;
}
