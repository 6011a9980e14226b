import { z } from 'zod';
import { shippingSchema } from './orders';
import { pageCursor } from './page-cursor';
import { ticketPageSize, ticketSearch } from './tickets';
import { emailAddress, multiLine, singleLine, uuid } from './text';

/**
 * Quotes (issue 25): the contract between the console, the client's quote
 * page and the API. Prices and totals are never accepted from anyone: a
 * product line's price comes from the catalogue, service and recurring lines
 * carry the staff member's unit price, and every total is computed by the
 * server (shared/src/quote-totals.ts). A body carrying a total, tax or
 * deposit amount is refused (these objects are strict).
 */

export const quoteStatuses = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'superseded',
  'paid',
  'converted',
] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const MAX_QUOTE_LINES = 100;
export const MAX_QUOTE_QUANTITY = 10_000;

const quantity = z
  .number({ error: 'Quantity must be a whole number from 1 to 10,000' })
  .int('Quantity must be a whole number from 1 to 10,000')
  .min(1, 'Quantity must be a whole number from 1 to 10,000')
  .max(MAX_QUOTE_QUANTITY, 'Quantity must be a whole number from 1 to 10,000');

/** A unit price typed by staff: a non-negative decimal with at most two places, under $1,000,000. */
const unitPrice = z
  .string({ error: 'Unit price must be an amount such as 120.00' })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Unit price must be an amount such as 120.00');

const description = singleLine(300, 'Description').pipe(z.string().min(1, 'Description is required'));

export const quoteLineInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), productId: uuid, quantity, taxable: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('service'), description, quantity, unitPrice, taxable: z.boolean().optional() }).strict(),
  z
    .object({
      kind: z.literal('recurring'),
      description,
      quantity,
      unitPrice,
      interval: z.literal('month'),
      taxable: z.boolean().optional(),
    })
    .strict(),
]);
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

const quoteCustomerSchema = z.union([
  z.object({ userId: uuid }).strict(),
  z
    .object({
      name: singleLine(100, 'Name').pipe(z.string().min(1, 'Name is required')),
      email: emailAddress,
      company: singleLine(150, 'Company').optional(),
    })
    .strict(),
]);

const quoteSourceSchema = z.union([
  z.object({ enquiryId: uuid }).strict(),
  z.object({ serviceRequestId: uuid }).strict(),
  z.object({ conversationId: uuid }).strict(),
]);

/** YYYY-MM-DD, the last day the quote can be accepted. */
const validUntil = z.iso.date('Valid until must be a date (YYYY-MM-DD)');

const depositPercent = z
  .number({ error: 'Deposit must be a whole percentage from 0 to 100' })
  .int('Deposit must be a whole percentage from 0 to 100')
  .min(0, 'Deposit must be a whole percentage from 0 to 100')
  .max(100, 'Deposit must be a whole percentage from 0 to 100');

export const quoteCreateSchema = z
  .object({
    customer: quoteCustomerSchema,
    title: singleLine(200, 'Title').pipe(z.string().min(1, 'Title is required')),
    lines: z.array(quoteLineInputSchema).min(1, 'Add at least one line').max(MAX_QUOTE_LINES, 'Too many lines'),
    validUntil,
    depositPercent: depositPercent.optional(),
    notes: multiLine(5000, 'Notes').optional(),
    terms: multiLine(10000, 'Terms').optional(),
    source: quoteSourceSchema.optional(),
  })
  .strict();
export type QuoteCreateInput = z.input<typeof quoteCreateSchema>;

/** PATCH while draft: any of the create fields but the source. */
export const quotePatchSchema = quoteCreateSchema.omit({ source: true }).partial().strict();
export type QuotePatchInput = z.input<typeof quotePatchSchema>;

export const quoteAcceptSchema = z
  .object({
    signatureName: singleLine(150, 'Full name').pipe(z.string().min(2, 'Type your full name to sign')),
    agree: z.literal(true, { error: 'Tick "I agree to the terms" to accept' }),
    /** Where the quote's products are delivered: required when it has product lines (decision 201), as at checkout. */
    shipping: shippingSchema.optional(),
  })
  .strict();
export type QuoteAcceptInput = z.input<typeof quoteAcceptSchema>;

/** The refusal of an accept without the delivery address a quote with products needs. */
export const SHIPPING_REQUIRED = 'shipping: Enter the delivery address for the products in this quote';

export const quoteDeclineSchema = z.object({ reason: multiLine(2000, 'Reason').optional() }).strict();

export const quoteRequestSchema = z
  .object({
    name: singleLine(100, 'Name').pipe(z.string().min(1, 'Name is required')),
    email: emailAddress,
    phone: singleLine(40, 'Phone').optional(),
    company: singleLine(150, 'Company').optional(),
    message: multiLine(5000, 'Message').pipe(z.string().min(1, 'Message is required')),
    items: z
      .array(z.object({ id: uuid, quantity }).strict())
      .max(MAX_QUOTE_LINES, 'Too many items')
      .optional(),
  })
  .strict();
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** A line as the API shows it: the price it was quoted at, and its total. */
export interface QuoteLine {
  id: string;
  position: number;
  kind: 'product' | 'service' | 'recurring';
  productId: string | null;
  description: string;
  quantity: number;
  unitPrice: string;
  taxable: boolean;
  interval: 'month' | null;
  lineTotal: string;
}

export interface QuoteTotalsView {
  oneTimeSubtotal: string;
  tax: string;
  oneTimeTotal: string;
  deposit: string;
  recurringMonthly: string;
}

/** What the client's page shows (GET /api/quotes/:token): no internal notes, no staff names but the sender's. */
export interface PublicQuote {
  number: string;
  version: number;
  status: QuoteStatus;
  title: string;
  customer: { name: string; email: string; company: string | null };
  lines: QuoteLine[];
  totals: QuoteTotalsView;
  depositPercent: number;
  validUntil: string;
  terms: string | null;
  sentAt: string | null;
  acceptedAt: string | null;
  signatureName: string | null;
  /** When the deposit was paid (null while none is, or none is due). */
  paidAt: string | null;
  /** When the accepted quote became its project (and deposit, if any, was paid): null until then. */
  convertedAt: string | null;
  /** When this quote was replaced by a newer version that has been sent: its page. */
  replacedByUrl: string | null;
  /**
   * GET /api/quotes/:token only: the quote is open, has products or monthly services (an order and a subscription
   * belong to an account, decision 201), and no account is known for it: the client signs in or signs up first.
   */
  signInRequired?: boolean;
}

/**
 * What an accepted quote became besides its project (decision 201): the order for its products, the plan for its
 * monthly services (`subscriptionStarted` once its subscription is started, `awaitingFirstPayment` while that
 * subscription waits for its first month to be paid from the portal).
 */
export interface QuoteConversion {
  order: { id: string; number: string } | null;
  plan: { id: string; name: string; subscriptionStarted: boolean; awaitingFirstPayment: boolean } | null;
  projectId: string | null;
}

/** A signed-in client's quote (GET /api/quotes): its page's address and what it became. */
export type ClientQuote = PublicQuote & { url: string } & QuoteConversion;

/** What staff see (the console). */
export interface Quote extends PublicQuote {
  id: string;
  publicUrl: string;
  notes: string | null;
  customerUserId: string | null;
  source: { enquiryId: string } | { serviceRequestId: string } | { conversationId: string } | null;
  /** The service request "Project: <title>" the quote became once converted; null until then. */
  projectId: string | null;
  /** The client account its order, subscription and project belong to, settled when accepting (decision 201). */
  clientUserId: string | null;
  /** The order and the plan it became (decision 201). */
  order: QuoteConversion['order'];
  plan: QuoteConversion['plan'];
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/quotes?status=&q=&cursor=&limit= (newest first; q matches number, customer and title). */
export const quoteListQuerySchema = z
  .object({
    status: z.enum(quoteStatuses, { error: `status must be one of ${quoteStatuses.join(', ')}` }).optional(),
    q: ticketSearch,
    cursor: pageCursor.optional(),
    limit: ticketPageSize,
  })
  .strict();
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>;

/** A row of the console's list. */
export interface QuoteSummary {
  id: string;
  number: string;
  version: number;
  status: QuoteStatus;
  title: string;
  customer: { name: string; email: string; company: string | null };
  totals: QuoteTotalsView;
  validUntil: string;
  sentAt: string | null;
  createdAt: string;
}

export interface QuotePage {
  quotes: QuoteSummary[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export const quoteEventTypes = [
  'created',
  'updated',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'revised',
  'reminded',
  'paid',
  'converted',
  /** The client answered a quote mail by email (docs/inbound-email.md): `message`, `inboundEmailId`, `differentAddress`. */
  'client_replied',
  /** The order for the product lines was made (decision 201): `orderId`, `orderNumber`. */
  'order_created',
  /** The plan's subscription was started (`outcome`: started, switched, already), `planId`, `subscriptionId`. */
  'subscription_started',
  /** The provider failed while starting it; maintenance retries (`message`). Recorded once. */
  'subscription_failed',
] as const;
export type QuoteEventType = (typeof quoteEventTypes)[number];

/**
 * One entry of a quote's timeline: who (a staff member's name, or null for the
 * client or the system) and when; `accepted` carries `signatureName` and `ip`,
 * `declined` its `reason`, `revised` the other version's `quoteId` and `version`,
 * `paid` the deposit's `amount` and `paymentId`, `converted` the project's `serviceRequestId`.
 */
export interface QuoteTimelineEntry {
  type: QuoteEventType;
  at: string;
  actorName: string | null;
  data: Record<string, string | number | null>;
}

/** GET /api/admin/quotes/:id */
export interface QuoteDetail extends Quote {
  timeline: QuoteTimelineEntry[];
}
