/**
 * GET /api/admin/dashboard: what needs staff attention now. Every count is
 * computed on the server when asked; consoles ask again on a staff event.
 */
export interface DashboardCounts {
  /** Paid orders nobody has started fulfilling yet. */
  ordersToFulfil: number;
  /** Open chats with visitor messages staff have not read. */
  waitingChats: number;
  /** Enquiries from the contact form received in the last 24 hours (the reply the form promises). */
  newEnquiries: number;
  /** Service requests still pending (nobody has started on them). */
  newServiceRequests: number;
}
