import { z } from 'zod';
import { enquiryStatuses, type EnquiryStatus } from '../tickets';
import { pageCursor } from './page-cursor';
import { ticketMessage, ticketPageSize, ticketSearch } from './tickets';

export { ENQUIRY_STATUS_LABELS, enquiryStatuses, type EnquiryStatus } from '../tickets';

const statusParam = z.enum(enquiryStatuses, { error: `status must be one of ${enquiryStatuses.join(', ')}` });

export const enquiryKinds = ['enquiry', 'quote_request'] as const;
export type EnquiryKind = (typeof enquiryKinds)[number];

/** GET /api/admin/enquiries?q=&status=&kind=&service=&cursor=&limit= */
export const enquiryListQuerySchema = z
  .object({
    q: ticketSearch,
    status: statusParam.optional(),
    kind: z.enum(enquiryKinds, { error: `kind must be one of ${enquiryKinds.join(', ')}` }).optional(),
    service: z.string().trim().min(1).max(200, 'service must be at most 200 characters').optional(),
    cursor: pageCursor.optional(),
    limit: ticketPageSize,
  })
  .strict();
export type EnquiryListQuery = z.output<typeof enquiryListQuerySchema>;

/** POST /api/admin/enquiries/{id}/replies */
export const enquiryReplySchema = z.object({ message: ticketMessage }).strict();

/** PATCH /api/admin/enquiries/{id}: close an enquiry that needs nothing more (or open it again). */
export const updateEnquirySchema = z.object({ status: statusParam }).strict();

export interface EnquirySummary {
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: string;
  /** A contact-form enquiry, or a quote request (the cart's "Request a quote instead", issue 25). */
  kind: 'enquiry' | 'quote_request';
  status: EnquiryStatus;
  /** The first line or so of the message. */
  preview: string;
  createdAt: string;
}

export interface EnquiryPage {
  enquiries: EnquirySummary[];
  nextCursor: string | null;
}

export interface EnquiryReply {
  id: string;
  authorName: string;
  message: string;
  createdAt: string;
  /** The enquirer's own reply, received by email (docs/inbound-email.md); staff replies are false. */
  fromClient: boolean;
  /** For a reply received by email: the message (GET /api/admin/inbound-emails/{id}) and a different sender. */
  email: { inboundEmailId: string | null; differentAddress: string | null } | null;
}

export interface EnquiryDetail extends EnquirySummary {
  phone: string | null;
  message: string;
  /** What a quote request asks about: products (as the catalogue named them) and quantities, never prices. */
  items: { productId: string; name: string; quantity: number }[];
  repliedAt: string | null;
  /** The service request it became, if any. */
  serviceRequestId: string | null;
  /** The client account with this email address, if any. */
  clientId: string | null;
  replies: EnquiryReply[];
  /**
   * An enquiry that arrived by email: the message, and the earlier thread it answered but could not join (a
   * ticket, enquiry or quote closed too long ago, or a reply address that was not ours).
   */
  receivedEmail: {
    inboundEmailId: string | null;
    earlierThread: { kind: 'ticket' | 'enquiry' | 'quote'; id: string } | null;
  } | null;
}
