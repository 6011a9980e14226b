import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@shared/schemas/orders';

const ordersQueryKey = ['/api/orders'] as const;

/** The caller's orders, newest first (GET /api/orders). */
export function useOrders() {
  return useQuery<OrderSummary[]>({ queryKey: ordersQueryKey });
}
