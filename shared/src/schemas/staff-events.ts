import { z } from 'zod';
import type { Permission } from '../staff-roles';

/**
 * What staff consoles hear about as it happens, on every instance: a kind and
 * the id of the thing that changed (the console reloads what it shows). A
 * feature adds its kind here, one line, and publishes it in the transaction
 * that made the change (`publish(trx, 'staff', event)`, api/src/live/publish.ts).
 */
export const staffEventKinds = [
  'order.paid',
  'order.updated',
  'enquiry.created',
  /** Staff replied to an enquiry, closed it or turned it into a request. */
  'enquiry.updated',
  'service_request.created',
  /** Status, assignee or a staff reply or note. */
  'service_request.updated',
  /** The client wrote on their request. */
  'service_request.client_reply',
  'consultation.proposed',
  'consultation.confirmed',
  'product.updated',
  /** A client opened, accepted or declined a quote (its first view only). */
  'quote.viewed',
  'quote.accepted',
  'quote.declined',
  /** A quote's deposit was paid (and the quote became its project), or its subscription was started later. */
  'quote.paid',
  /** The client answered a quote mail by email. */
  'quote.client_reply',
  /** A chat conversation changed (new message, read, closed): derived from the chat's own events. */
  'chat.updated',
  /** A ticket was assigned to the staff member the event is addressed to (`to`), by someone or automatically. */
  'service_request.assigned',
  /** A chat was assigned to the staff member the event is addressed to (`to`). */
  'chat.assigned',
  /** A ticket's or chat's service-level clock used 80 % of its target, or missed it (decision 192; once each). */
  'service_request.sla_at_risk',
  'service_request.sla_breached',
  'chat.sla_at_risk',
  'chat.sla_breached',
] as const;
/** The service-level kinds: they carry who holds the item, whom the console alerts. */
export const slaStaffEventKinds = [
  'service_request.sla_at_risk',
  'service_request.sla_breached',
  'chat.sla_at_risk',
  'chat.sla_breached',
] as const satisfies readonly StaffEventKind[];
export type StaffEventKind = (typeof staffEventKinds)[number];

/**
 * Who hears of each kind: a staff socket gets an event only when its role
 * holds this permission (decision 167). A new kind must say it here.
 */
export const staffEventPermissions: Record<StaffEventKind, Permission> = {
  'order.paid': 'orders.read',
  'order.updated': 'orders.read',
  'enquiry.created': 'enquiries.read',
  'enquiry.updated': 'enquiries.read',
  'service_request.created': 'service_requests.work',
  'service_request.updated': 'service_requests.work',
  'service_request.client_reply': 'service_requests.work',
  'consultation.proposed': 'service_requests.work',
  'consultation.confirmed': 'service_requests.work',
  'product.updated': 'catalogue.read',
  'chat.updated': 'chat',
  'quote.viewed': 'quotes',
  'quote.accepted': 'quotes',
  'quote.declined': 'quotes',
  'quote.paid': 'quotes',
  'service_request.assigned': 'service_requests.work',
  'chat.assigned': 'chat',
  'service_request.sla_at_risk': 'service_requests.work',
  'service_request.sla_breached': 'service_requests.work',
  'chat.sla_at_risk': 'chat',
  'chat.sla_breached': 'chat',
  'quote.client_reply': 'quotes',
};

export const staffEventSchema = z
  .object({
    kind: z.enum(staffEventKinds),
    /** The id of the order, enquiry, request, product or conversation. */
    id: z.string().min(1).max(100),
    /** Addressed to one staff member (their account id): only their consoles hear it. */
    to: z.string().min(1).max(100).optional(),
    /**
     * Service-level kinds only: the staff member holding the item, or null when nobody is (then every online
     * support or admin member is alerted).
     */
    assigneeId: z.uuid().nullable().optional(),
  })
  .strict();
export type StaffEvent = z.infer<typeof staffEventSchema>;
