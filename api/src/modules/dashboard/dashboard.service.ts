import type { Knex } from 'knex';
import type { DashboardCounts } from '@shared/schemas/dashboard';
import { countWaitingChats } from '../chat/storage/waiting-chats';
import { countNewEnquiries } from '../contact/new-enquiries';
import { countOrdersToFulfil } from '../orders/orders-to-fulfil';
import { countPendingRequests } from '../service-requests/pending-requests';

/**
 * The dashboard's counts, each from the module that owns the rows (docs/architecture.md, "Modules"), read at the
 * same time. Each reads an index: paid orders by status, unread visitor messages (a partial index), recent
 * enquiries by date, pending requests by status.
 */
export async function dashboardCounts(db: Knex): Promise<DashboardCounts> {
  const [ordersToFulfil, waitingChats, newEnquiries, newServiceRequests] = await Promise.all([
    countOrdersToFulfil(db),
    countWaitingChats(db),
    countNewEnquiries(db),
    countPendingRequests(db),
  ]);
  return { ordersToFulfil, waitingChats, newEnquiries, newServiceRequests };
}
