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
  /** Enquiries whose status is still new: nobody has replied or closed them (`enquiries.read`). */
  newEnquiries?: number;
  /** Of the new enquiries, the quote requests (`enquiries.read`; issue 25). */
  newQuoteRequests?: number;
  /** Service requests still pending with nobody assigned to them (`service_requests.work`). */
  newServiceRequests?: number;
}
