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
  /** A quote's deposit was paid (and the quote became its project). */
  'quote.paid',
  /** A chat conversation changed (new message, read, closed): derived from the chat's own events. */
  'chat.updated',
] as const;
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
};

export const staffEventSchema = z
  .object({
    kind: z.enum(staffEventKinds),
    /** The id of the order, enquiry, request, product or conversation. */
    id: z.string().min(1).max(100),
  })
  .strict();
export type StaffEvent = z.infer<typeof staffEventSchema>;
