import { formatPrice } from '@shared/money';
import {
  BILLING_KIND_LABELS,
  BILLING_STATUS_LABELS,
  type BillingDocumentSummary,
  type BillingStatus,
} from '@shared/schemas/billing';
import type { BadgeVariant } from '@/components/ui/badge';

/** One document as a Billing list shows it. */
export interface BillingRow {
  id: string;
  /** "Invoice 2026-000123" / "Credit note CN-2026-0001". */
  title: string;
  number: string;
  /** What it is for; a credit note also names the invoice it corrects. */
  about: string;
  /** What was charged, or what a credit note gives back, with a minus sign. */
  amount: string;
  status: { label: string; variant: BadgeVariant };
  issuedAt: string;
  pdfUrl: string;
  /** The name the PDF is saved as. */
  filename: string;
}

const STATUS_VARIANTS: Record<BillingStatus, BadgeVariant> = {
  paid: 'success',
  partly_refunded: 'warning',
  refunded: 'neutral',
  credited: 'default',
};

export function toBillingRow(document: BillingDocumentSummary): BillingRow {
  const credit = document.kind === 'credit_note';
  return {
    id: document.id,
    title: `${BILLING_KIND_LABELS[document.kind]} ${document.number}`,
    number: document.number,
    about:
      credit && document.invoiceNumber
        ? `${document.description} (invoice ${document.invoiceNumber})`
        : document.description,
    amount: credit ? `−${formatPrice(document.total)}` : formatPrice(document.total),
    status: { label: BILLING_STATUS_LABELS[document.status], variant: STATUS_VARIANTS[document.status] },
    issuedAt: document.issuedAt,
    pdfUrl: document.pdfUrl,
    filename: credit ? `credit-note-${document.number}.pdf` : `invoice-${document.number}.pdf`,
  };
}
