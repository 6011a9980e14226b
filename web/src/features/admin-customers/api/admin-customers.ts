import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminCustomerDetails, AdminCustomerPage } from '@shared/schemas/admin-customers';
import { apiJson } from '@/lib/api-client';

export const adminCustomersQueryKey = ['/api/admin/customers'] as const;

/** GET /api/admin/customers: one page of client accounts, newest first. */
export function useAdminCustomers(request: { q: string; cursor: string }) {
  const query = new URLSearchParams();
  if (request.q) query.set('q', request.q);
  if (request.cursor) query.set('cursor', request.cursor);
  return useQuery({
    queryKey: [...adminCustomersQueryKey, 'list', request],
    queryFn: () => apiJson<AdminCustomerPage>('GET', `/api/admin/customers?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/customers/:id: the account and its history. */
export function useAdminCustomer(customerId: string) {
  return useQuery({
    queryKey: [...adminCustomersQueryKey, 'one', customerId],
    queryFn: () => apiJson<AdminCustomerDetails>('GET', `/api/admin/customers/${encodeURIComponent(customerId)}`),
  });
}

/** POST /api/admin/customers/:id/password-reset: the customer gets the "forgot password" link by email. */
export function useSendPasswordReset(customerId: string) {
  return useMutation({
    mutationFn: () =>
      apiJson<{ message: string }>('POST', `/api/admin/customers/${encodeURIComponent(customerId)}/password-reset`),
  });
}
