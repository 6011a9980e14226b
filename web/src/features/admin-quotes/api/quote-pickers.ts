import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCustomerPage } from '@shared/schemas/admin-customers';
import type { AdminProduct } from '@shared/schemas/catalog';
import { apiJson } from '@/lib/api-client';

/** GET /api/admin/customers?q=: the first page of client accounts matching a search (the builder's customer search). */
export function useCustomerSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['/api/admin/customers', 'list', { q: term, cursor: '' }],
    queryFn: () => apiJson<AdminCustomerPage>('GET', `/api/admin/customers?${new URLSearchParams({ q: term })}`),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/products: the catalogue, for the builder's product search (archived products are left out). */
export function useCatalogue() {
  return useQuery({
    queryKey: ['/api/admin/products', 'list'],
    queryFn: () => apiJson<AdminProduct[]>('GET', '/api/admin/products'),
    select: (products) => products.filter((product) => !product.archived),
  });
}
