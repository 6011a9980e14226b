import { z } from 'zod';
import type { Attachment } from './attachments';
import type { SurveySummary } from './surveys';
import { CONSULTATION_DURATIONS, ticketStatuses, TICKET_REPLY_MAX, type TicketStatus } from '../tickets';
import { serviceOptions } from '../contact';
import { calendarDate } from './dates';
import { pageCursor } from './page-cursor';
import { isTimeZone } from '../time-zones';
import { prioritySchema, type Priority } from './support';
import { multiLine, uuid } from './text';
import { slaFilters, slaFilterSchema, type SlaFilter, type SlaState } from './sla-states';

export * from '../tickets';

/** A service request as its owner sees it (spec §7: id, service, status, createdAt). */
export interface TicketSummary {
  id: string;
  /** The number a client quotes on the phone, e.g. T-10001 (decision 181). */
  number: string;
  service: string;
  status: TicketStatus;
  createdAt: string;
}

export const TICKET_PAGE_SIZE_DEFAULT = 50;
const TICKET_PAGE_SIZE_MAX = 100;
export const ticketPageSize = z.coerce
  .number()
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(TICKET_PAGE_SIZE_MAX, `limit must be at most ${TICKET_PAGE_SIZE_MAX}`)
  .default(TICKET_PAGE_SIZE_DEFAULT);

/** A ticket's readable number, e.g. T-10001 (sequential, never reused; decision 181). */
export function formatTicketNumber(number: number | string): string {
  return `T-${number}`;
}

/** A search that is a ticket number: `T-10001`, `t10001` or `10001`; its digits, or null. */
export function ticketNumberOf(q: string): string | null {
  const match = /^t-?(\d{1,15})$|^(\d{1,15})$/i.exec(q.trim());
  return match ? (match[1] ?? match[2])! : null;
}

/** Search text: a ticket number, or a few words matched against names, addresses, company, service and message. */
export const ticketSearch = z
  .string()
  .trim()
  .max(200, 'q must be at most 200 characters')
  .optional()
  .transform((value) => (value ? value : undefined));

const statusParam = z.enum(ticketStatuses, {
  error: `status must be one of ${ticketStatuses.join(', ')}`,
});

/** The list's SLA filter: tickets whose service-level clock is in that state (decision 192). */
export const ticketSlaFilters = slaFilters;
export type TicketSlaFilter = SlaFilter;

/** How a staff list is ordered: newest first (the default), or most urgent first and newest first within a priority. */
export const listSorts = ['newest', 'priority'] as const;
export type ListSort = (typeof listSorts)[number];
export const listSortSchema = z.enum(listSorts, { error: `sort must be one of ${listSorts.join(', ')}` });

/**
 * GET /api/admin/service-requests?q=&status=&service=&priority=&assigneeId=&clientId=&from=&to=&sla=&sort=&cursor=&limit=
 * `from`/`to`: created on those days in the business time zone, both included (a report's bar opens the list so).
 */
export const staffTicketListQuerySchema = z
  .object({
    q: ticketSearch,
    status: statusParam.optional(),
    service: z.string().trim().min(1).max(200, 'service must be at most 200 characters').optional(),
    priority: prioritySchema.optional(),
    /** A staff member's id (the caller's own: the Mine view), or `none` for unassigned tickets. */
    assigneeId: z.union([z.literal('none'), uuid]).optional(),
    sort: listSortSchema.default('newest'),
    clientId: uuid.optional(),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    /** Tickets whose service-level state is at risk or breached (decision 192). */
    sla: slaFilterSchema.optional(),
    cursor: pageCursor.optional(),
    limit: ticketPageSize,
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type StaffTicketListQuery = z.output<typeof staffTicketListQuerySchema>;

/** PATCH /api/admin/service-requests/{id} */
export const updateTicketSchema = z
  .object({
    status: statusParam.optional(),
    /** A staff member, or null to unassign. */
    assigneeId: uuid.nullable().optional(),
    priority: prioritySchema.optional(),
  })
  .strict()
  .refine((body) => body.status !== undefined || body.assigneeId !== undefined || body.priority !== undefined, {
    message: 'Nothing to change: give status, assigneeId or priority',
    path: ['status'],
  });
export type UpdateTicket = z.output<typeof updateTicketSchema>;

/**
 * POST /api/admin/service-requests/{id}/client: staff link an unlinked ticket
 * to a client account deliberately (tickets are linked by email only to a
 * verified address; decision 155).
 */
export const linkTicketClientSchema = z.object({ clientId: uuid }).strict();
export type LinkTicketClient = z.output<typeof linkTicketClientSchema>;

export const ticketMessage = multiLine(TICKET_REPLY_MAX, 'Message').min(1, 'Message is required');

/** POST /api/service-requests/{id}/replies: internal notes are for staff only. */
export const ticketReplySchema = z
  .object({
    message: ticketMessage,
    internal: z.boolean().default(false),
  })
  .strict();
export type TicketReplyInput = z.output<typeof ticketReplySchema>;

export { isTimeZone };

/** POST /api/admin/service-requests/{id}/consultation: a proposed time, as the staff member typed it. */
export const consultationProposalSchema = z
  .object({
    /** Within the next CONSULTATION_MAX_DAYS_AHEAD days (checked against the clock by the API). */
    date: calendarDate('date'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (24-hour)'),
    timeZone: z.string().max(64).refine(isTimeZone, 'timeZone must be a time zone name such as America/Chicago'),
    durationMinutes: z.union(
      CONSULTATION_DURATIONS.map((minutes) => z.literal(minutes)) as unknown as [
        z.ZodLiteral<number>,
        z.ZodLiteral<number>,
        ...z.ZodLiteral<number>[],
      ],
      { error: `durationMinutes must be one of ${CONSULTATION_DURATIONS.join(', ')}` },
    ),
  })
  .strict();
export type ConsultationProposalInput = z.output<typeof consultationProposalSchema>;

/**
 * POST /api/consultation-link and /api/consultation-link/confirm: the token of
 * the one-click link in the proposal email (43 base64url characters).
 */
export const consultationLinkSchema = z
  .object({
    token: z
      .string({ error: 'token is required' })
      .regex(/^[A-Za-z0-9_-]{43}$/, 'token is not a confirmation link token; copy the whole link from the email'),
  })
  .strict();

/** What the one-click link's page shows: whose consultation, and the time. */
export interface ConsultationLinkView {
  name: string;
  consultation: ConsultationView;
}

export interface PersonRef {
  id: string;
  name: string;
}

/** A ticket in the staff list. */
export interface StaffTicketSummary {
  id: string;
  /** e.g. T-10001 (decision 181). */
  number: string;
  name: string;
  email: string;
  company: string | null;
  service: string;
  status: TicketStatus;
  /** How urgent it is (issue 26): `normal` unless staff or the client's plan said otherwise. */
  priority: Priority;
  /** A paid consultation. */
  paid: boolean;
  /** The staff member working the ticket; always null in a client's view (assignment is staff-only). */
  assignee: PersonRef | null;
  /** The client's account, when the request is linked to one. */
  clientId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Service levels (decision 192; staff only, null in a client's view): staff's first public reply and when it is due. */
  firstResponseAt: string | null;
  firstResponseDueAt: string | null;
  /** When it was completed (cleared when reopened) and when that is due. */
  resolvedAt: string | null;
  resolutionDueAt: string | null;
  slaState: SlaState | null;
  /** Waiting on the client: the clocks are paused and the due times move out. */
  slaPaused: boolean;
}

export interface StaffTicketPage {
  requests: StaffTicketSummary[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export const ticketEventKinds = [
  'reply',
  'note',
  'status',
  'assignment',
  'priority',
  'consultation_proposed',
  'consultation_confirmed',
  /** A service-level target was missed (staff only): when it was due and who held the ticket. */
  'sla_breached',
] as const;
export type TicketEventKind = (typeof ticketEventKinds)[number];

/** One entry of a ticket's timeline. Clients never receive `note`, `assignment` or `priority` entries. */
export interface TicketEvent {
  id: string;
  kind: TicketEventKind;
  author: { type: 'staff' | 'client' | 'system'; name: string };
  message: string | null;
  fromStatus: TicketStatus | null;
  toStatus: TicketStatus | null;
  assigneeName: string | null;
  /** The new priority of a `priority` entry. */
  priority: Priority | null;
  createdAt: string;
  /**
   * A client reply that came by email (docs/inbound-email.md): the received message (staff read it whole at
   * GET /api/admin/inbound-emails/{id}), and the sender's address when it is not the one the reply address was
   * sent to ("from a different address"). Clients see only that it came by email.
   */
  email?: { inboundEmailId: string | null; differentAddress: string | null };
  /** Files attached to a reply or note (the thread always lists them; other answers may leave them out). */
  attachments?: Attachment[];
}

export interface ConsultationView {
  id: string;
  /** ISO 8601 (UTC). */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  durationMinutes: number;
  status: 'proposed' | 'confirmed';
  confirmedAt: string | null;
}

/** What a client answered when booking the paid consultation (null topic: booked with the spec's bare body). */
export interface ConsultationBookingView {
  topic: string | null;
  preferredTimes: string | null;
}

/** GET /api/service-requests/{id}: the request and its thread (internal notes only for staff). */
export interface TicketThread {
  request: StaffTicketSummary & {
    phone: string | null;
    message: string;
    /** Where the ticket came from. */
    source: 'request' | 'enquiry' | 'chat' | 'consultation';
  };
  events: TicketEvent[];
  consultation: ConsultationView | null;
  /** A paid consultation's booking: what the client said it is about and when suits them (decision 200). */
  booking: ConsultationBookingView | null;
  /** What the caller may change the status to (staff; empty for clients). */
  allowedStatuses: TicketStatus[];
  /** Staff only: the satisfaction survey sent when the ticket was completed, with its answer (null: none sent). */
  survey?: SurveySummary | null;
}

type SlaFields = 'firstResponseAt' | 'firstResponseDueAt' | 'resolvedAt' | 'resolutionDueAt' | 'slaState' | 'slaPaused';

/**
 * GET /api/admin/service-requests/{id}: the ticket's thread as staff see it, and its service-level clocks also at
 * the top level (the same values as in `request`).
 */
export type StaffTicketDetail = TicketThread & Pick<StaffTicketSummary, SlaFields>;

/** POST …/replies answer. */
export interface TicketReplyResult {
  event: TicketEvent;
  status: TicketStatus;
}

/** POST /api/chat/conversations/{id}/ticket: the service the ticket is about (the chat does not say). */
export const chatTicketSchema = z
  .object({
    service: z
      .string()
      .optional()
      .transform((value) => value ?? 'General Inquiry')
      .pipe(z.enum(serviceOptions, { error: 'Please choose one of the listed services' })),
  })
  .strict();
