import { useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/schemas/catalog';

export const productsQueryKey = ['/api/products'] as const;

/** GET /api/products through the default query (spec §7). */
export function useProducts() {
  return useQuery<Product[]>({ queryKey: productsQueryKey });
}
