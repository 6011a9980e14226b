/**
 * GET /api/admin/dashboard: what needs staff attention now. Every count is
 * computed on the server when asked; consoles ask again on a staff event.
 * A count is left out when the caller's role may not open what it counts
 * (decision 167).
 */
export interface DashboardCounts {
  /** Paid orders nobody has started fulfilling yet (`orders.read`). */
  ordersToFulfil?: number;
  /** Open chats with visitor messages staff have not read (`chat`). */
  waitingChats?: number;
  /** Enquiries from the contact form received in the last 24 hours, the reply the form promises (`enquiries.read`). */
  newEnquiries?: number;
  /** Service requests still pending, nobody has started on them (`service_requests.work`). */
  newServiceRequests?: number;
}
