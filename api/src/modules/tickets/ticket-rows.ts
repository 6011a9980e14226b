import {
  formatTicketNumber,
  type ConsultationView,
  type TicketStatus,
  type TicketThread,
  type StaffTicketSummary,
  type TicketEvent,
  type TicketEventKind,
} from '@shared/schemas/tickets';
import type { SlaState } from '@shared/schemas/service-levels';
import type { Priority } from '@shared/schemas/support';
import { storedInstant, toIso } from '../../db/instants';

/**
 * Tickets as the SQL in this module returns them (columns aliased to
 * camelCase), and their API shapes. Names of people are read from `users` at
 * the time of reading, except on timeline entries, which keep the name the
 * author had (the timeline outlives accounts).
 */

/** A user's display name in SQL: first and last name, or the username (as User.displayName). */
export const displayNameSql = (alias: string) =>
  `coalesce(nullif(concat_ws(' ', ${alias}.first_name, ${alias}.last_name), ''), ${alias}.username)`;

export const TICKET_COLUMNS = `sr.id, sr.number::text as number, sr.user_id as "userId", sr.name, sr.email, sr.phone, sr.company, sr.service,
  sr.status, sr.priority, sr.provider_payment_id is not null as paid, sr.assignee_id as "assigneeId",
  ${displayNameSql('a')} as "assigneeName", sr.enquiry_id as "enquiryId",
  sr.chat_conversation_id as "chatConversationId", sr.created_at as "createdAt", sr.updated_at as "updatedAt",
  sr.first_response_at as "firstResponseAt", sr.first_response_due_at as "firstResponseDueAt",
  sr.resolved_at as "resolvedAt", sr.resolution_due_at as "resolutionDueAt", sr.sla_state as "slaState",
  sr.sla_paused_at is not null as "slaPaused"`;

export const TICKET_FROM = 'tickets sr left join users a on a.id = sr.assignee_id';

export interface TicketRow {
  id: string;
  number: string;
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  service: string;
  status: TicketStatus;
  priority: Priority;
  paid: boolean;
  assigneeId: string | null;
  assigneeName: string | null;
  enquiryId: string | null;
  chatConversationId: string | null;
  createdAt: Date;
  updatedAt: Date;
  firstResponseAt: Date | null;
  firstResponseDueAt: Date | null;
  resolvedAt: Date | null;
  resolutionDueAt: Date | null;
  slaState: SlaState | null;
  slaPaused: boolean;
  message?: string;
}

export interface TicketEventRow {
  id: string;
  kind: TicketEventKind;
  actorType: 'staff' | 'client' | 'system';
  actorName: string;
  message: string | null;
  fromStatus: TicketStatus | null;
  toStatus: TicketStatus | null;
  assigneeName: string | null;
  priority: Priority | null;
  createdAt: Date;
  inboundEmailId: string | null;
  differentAddress: string | null;
}

/** The columns of a timeline entry, of `alias.` (or unqualified, for RETURNING). */
export const eventColumns = (prefix = 'e.'): string =>
  `${prefix}id, ${prefix}kind, ${prefix}actor_type as "actorType", ${prefix}actor_name as "actorName", ${prefix}message,
  ${prefix}from_status as "fromStatus", ${prefix}to_status as "toStatus", ${prefix}assignee_name as "assigneeName",
  ${prefix}priority, ${prefix}created_at as "createdAt", ${prefix}inbound_email_id as "inboundEmailId",
  ${prefix}different_address as "differentAddress"`;

export interface ConsultationRow {
  id: string;
  startsAt: Date;
  timeZone: string;
  durationMinutes: number;
  status: 'proposed' | 'confirmed';
  confirmedAt: Date | null;
}

export const CONSULTATION_COLUMNS = `id, starts_at as "startsAt", time_zone as "timeZone",
  duration_minutes as "durationMinutes", status, confirmed_at as "confirmedAt"`;

export function toStaffTicketSummary(row: TicketRow): StaffTicketSummary {
  return {
    id: row.id,
    number: formatTicketNumber(row.number),
    name: row.name,
    email: row.email,
    company: row.company,
    service: row.service,
    status: row.status,
    priority: row.priority,
    paid: row.paid,
    assignee: row.assigneeId && row.assigneeName ? { id: row.assigneeId, name: row.assigneeName } : null,
    clientId: row.userId,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    firstResponseAt: toIso(row.firstResponseAt),
    firstResponseDueAt: toIso(row.firstResponseDueAt),
    resolvedAt: toIso(row.resolvedAt),
    resolutionDueAt: toIso(row.resolutionDueAt),
    slaState: row.slaState,
    slaPaused: row.slaPaused,
  };
}

function sourceOf(row: TicketRow): TicketThread['request']['source'] {
  if (row.paid) return 'consultation';
  if (row.chatConversationId) return 'chat';
  if (row.enquiryId) return 'enquiry';
  return 'request';
}

export function toTicketDetail(row: TicketRow): TicketThread['request'] {
  return { ...toStaffTicketSummary(row), phone: row.phone, message: row.message ?? '', source: sourceOf(row) };
}

export function toTicketEvent(row: TicketEventRow): TicketEvent {
  return {
    id: row.id,
    kind: row.kind,
    author: { type: row.actorType, name: row.actorName },
    message: row.message,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    assigneeName: row.assigneeName,
    priority: row.priority,
    createdAt: toIso(row.createdAt),
    ...(row.inboundEmailId || row.differentAddress
      ? { email: { inboundEmailId: row.inboundEmailId, differentAddress: row.differentAddress } }
      : {}),
  };
}

export function toConsultationView(row: ConsultationRow): ConsultationView {
  const startsAt = storedInstant(row.startsAt);
  return {
    id: row.id,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    status: row.status,
    confirmedAt: toIso(row.confirmedAt),
  };
}

/** A client's view of a ticket leaves out staff's service-level clocks. */
export const NO_SLA = {
  firstResponseAt: null,
  firstResponseDueAt: null,
  resolvedAt: null,
  resolutionDueAt: null,
  slaState: null,
  slaPaused: false,
} as const;

/** Entries a client sees: public replies, status changes, consultation times. Never notes or assignments. */
export const CLIENT_EVENT_KINDS: readonly TicketEventKind[] = [
  'reply',
  'status',
  'consultation_proposed',
  'consultation_confirmed',
];
