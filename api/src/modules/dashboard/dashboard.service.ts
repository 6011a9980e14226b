import type { Knex } from 'knex';
import type { DashboardCounts } from '@shared/schemas/dashboard';
import type { Permission } from '@shared/staff-roles';
import { countWaitingChats } from '../chat/storage/waiting-chats';
import { countNewEnquiries, countNewQuoteRequests } from '../enquiries/new-enquiries';
import { countOrdersToFulfil } from '../orders/orders-to-fulfil';
import { countPendingRequests } from '../tickets/pending-requests';
import {
  countChatsAtRisk,
  countChatsBreached,
  countTicketsAtRisk,
  countTicketsBreached,
} from '../service-levels/sla-counts';

/** Each count, and the permission needed to open what it counts (a role sees only those: decision 167). */
const counts: { [K in keyof Required<DashboardCounts>]: [Permission, (db: Knex) => Promise<number>] } = {
  ordersToFulfil: ['orders.read', countOrdersToFulfil],
  waitingChats: ['chat', countWaitingChats],
  newEnquiries: ['enquiries.read', countNewEnquiries],
  newQuoteRequests: ['enquiries.read', countNewQuoteRequests],
  newServiceRequests: ['service_requests.work', countPendingRequests],
  ticketsAtRisk: ['service_requests.work', countTicketsAtRisk],
  ticketsBreached: ['service_requests.work', countTicketsBreached],
  chatsAtRisk: ['chat', countChatsAtRisk],
  chatsBreached: ['chat', countChatsBreached],
};

/**
 * The dashboard's counts that `may` allows, each from the module that owns the rows (docs/architecture.md,
 * "Modules"), read at the same time. Each reads an index: paid orders by status, unread visitor messages (a partial
 * index), new enquiries by status, pending unassigned requests by status.
 */
export async function dashboardCounts(db: Knex, may: (permission: Permission) => boolean): Promise<DashboardCounts> {
  const allowed = Object.entries(counts).filter(([, [permission]]) => may(permission));
  const values = await Promise.all(allowed.map(([, [, count]]) => count(db)));
  return Object.fromEntries(allowed.map(([name], index) => [name, values[index]])) as DashboardCounts;
}
