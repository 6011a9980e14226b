import { z } from 'zod';

/**
 * Money documents (decision 176): an invoice for every charge, a credit note
 * for every refund of one. GET /api/invoices (the signed-in client's own),
 * GET /api/admin/customers/{id}/invoices (staff); each row's PDF at `pdfUrl`.
 */
export const billingDocumentKinds = ['invoice', 'credit_note'] as const;
export type BillingDocumentKind = (typeof billingDocumentKinds)[number];

/** What a document bills: a shop order, the paid consultation, a subscription payment, a quote's deposit. */
export const billingSources = ['order', 'consultation', 'subscription', 'quote_deposit'] as const;
export type BillingSource = (typeof billingSources)[number];

/**
 *  paid             — an invoice nothing was refunded of
 *  partly_refunded  — an invoice some of which credit notes gave back
 *  refunded         — an invoice credit notes gave back in full
 *  credited         — a credit note (the refund it records went through)
 */
export const billingStatuses = ['paid', 'partly_refunded', 'refunded', 'credited'] as const;
export type BillingStatus = (typeof billingStatuses)[number];

export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = {
  paid: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  credited: 'Refund',
};

export const BILLING_KIND_LABELS: Record<BillingDocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

export const billingDocumentSchema = z.object({
  id: z.string(),
  /** "2026-000123" (an invoice) or "CN-2026-0001" (a credit note). */
  number: z.string(),
  kind: z.enum(billingDocumentKinds),
  source: z.enum(billingSources),
  /** What it is for, e.g. "Order NS-10001" or "One-hour technical consultation". */
  description: z.string(),
  /** Dollars as a decimal string; a credit note's is what it gives back. */
  total: z.string(),
  status: z.enum(billingStatuses),
  /** A credit note's invoice number; null for an invoice. */
  invoiceNumber: z.string().nullable(),
  issuedAt: z.string(),
  pdfUrl: z.string(),
});
export type BillingDocumentSummary = z.infer<typeof billingDocumentSchema>;

/** Newest first. */
export const billingDocumentListSchema = z.array(billingDocumentSchema);
