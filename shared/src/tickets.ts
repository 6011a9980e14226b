/**
 * Service requests as tickets: the statuses, their labels and the allowed
 * changes. The API checks changes against this table, and the console and the
 * portal show the same labels (one source).
 */
export const ticketStatuses = ['pending', 'in_progress', 'waiting_on_client', 'completed', 'cancelled'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  waiting_on_client: 'Waiting on Client',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * pending → in progress → waiting on client → completed, or cancelled; a
 * completed ticket can be reopened; a cancelled one is final.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  pending: ['in_progress', 'waiting_on_client', 'completed', 'cancelled'],
  in_progress: ['waiting_on_client', 'completed', 'cancelled'],
  waiting_on_client: ['in_progress', 'completed', 'cancelled'],
  completed: ['in_progress'],
  cancelled: [],
};

/** Why a change is refused, or null when it is allowed. */
export function statusChangeRefusal(from: TicketStatus, to: TicketStatus): string | null {
  if (from === to) return `The request is already ${TICKET_STATUS_LABELS[to].toLowerCase()}`;
  if (TICKET_TRANSITIONS[from].includes(to)) return null;
  if (from === 'cancelled') return 'The request was cancelled; it cannot change any more';
  return `A request that is ${TICKET_STATUS_LABELS[from].toLowerCase()} cannot become ${TICKET_STATUS_LABELS[to].toLowerCase()}`;
}

/** Enquiries (contact form messages) in the staff inbox. */
export const enquiryStatuses = ['new', 'replied', 'closed'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  replied: 'Replied',
  closed: 'Closed',
};

/** Replies and notes: long enough for a real answer, short enough for a mail. */
export const TICKET_REPLY_MAX = 5000;

/** Consultation proposals: how long a meeting may be. */
export const CONSULTATION_DURATIONS = [30, 45, 60, 90, 120] as const;

/** How far ahead staff may propose a consultation time: within the next year (a later date is a typo). */
export const CONSULTATION_MAX_DAYS_AHEAD = 365;
