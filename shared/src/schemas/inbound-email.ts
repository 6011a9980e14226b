/**
 * Received email (docs/inbound-email.md): what staff read at GET /api/admin/inbound-emails/{id} (the raw message
 * itself is GET /api/admin/inbound-emails/{id}/raw), and what the webhook POST /api/inbound-email answers.
 */

import type { Attachment } from './attachments';

export type ThreadKind = 'ticket' | 'enquiry' | 'quote';

export const inboundOutcomes = [
  'ticket_reply',
  'enquiry_reply',
  'quote_reply',
  'new_enquiry',
  'new_request',
  'bounce',
  'ignored',
] as const;
export type InboundOutcome = (typeof inboundOutcomes)[number];

export const INBOUND_OUTCOME_LABELS: Record<InboundOutcome, string> = {
  ticket_reply: 'Reply on a service request',
  enquiry_reply: 'Reply on an enquiry',
  quote_reply: 'Reply on a quote',
  new_enquiry: 'New enquiry',
  new_request: 'New enquiry from a client (a service request)',
  bounce: 'Bounce (delivery failure)',
  ignored: 'Automatic mail (kept, not answered)',
};

/** 201 (new) or 200 (the same Message-ID again: nothing done twice). */
export interface InboundEmailAccepted {
  id: string;
  duplicate: boolean;
  outcome: InboundOutcome;
}

export interface InboundEmailView {
  id: string;
  messageId: string;
  source: 'smtp' | 'webhook';
  envelopeFrom: string | null;
  from: { address: string; name: string };
  to: string[];
  cc: string[];
  subject: string;
  /** Bytes of the raw message. */
  size: number;
  receivedAt: string;
  outcome: InboundOutcome;
  thread: { kind: ThreadKind; id: string } | null;
  /** The earlier thread a new enquiry answers but could not join. */
  linkedThread: { kind: ThreadKind; id: string } | null;
  /** Sent from an address other than the one the reply address was sent to. */
  differentAddress: boolean;
  /** Why it counts as automatic mail (never answered automatically); empty for a person's mail. */
  automatic: string[];
  bounce: { mailId: string | null; reason: string } | null;
  text: string;
  replyText: string;
  /** Every file of the mail; `refused` says why the attachment store did not take one (it stays in the raw message). */
  attachments: { filename: string; contentType: string; size: number; refused: string | null }[];
  /** The files stored with the email itself (those of a ticket reply are on the ticket's reply). */
  files: Attachment[];
  /** The raw message as text (its first megabyte); the whole is the …/raw download. */
  rawText: string;
  rawTruncated: boolean;
}
