import { useQuery } from '@tanstack/react-query';
import type { BillingDocumentSummary } from '@shared/schemas/billing';

/** The signed-in client's invoices and credit notes, newest first (GET /api/invoices). */
export function useInvoices() {
  return useQuery<BillingDocumentSummary[]>({ queryKey: ['/api/invoices'] });
}

/** A customer's invoices and credit notes, for staff (GET /api/admin/customers/{id}/invoices). */
export function useCustomerInvoices(customerId: string) {
  return useQuery<BillingDocumentSummary[]>({
    queryKey: [`/api/admin/customers/${encodeURIComponent(customerId)}/invoices`],
  });
}
