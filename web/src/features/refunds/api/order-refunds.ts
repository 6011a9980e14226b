import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderRefunds, Refund, RefundRequest } from '@shared/schemas/refunds';
import { apiJson } from '@/lib/api-client';

const refundsKey = (orderId: string) => ['/api/admin/orders', 'one', orderId, 'refunds'] as const;

/** GET /api/admin/orders/:id/refunds (staff): the order's refunds and what can still be refunded. */
export function useOrderRefunds(orderId: string) {
  return useQuery({
    queryKey: refundsKey(orderId),
    queryFn: () => apiJson<OrderRefunds>('GET', `/api/admin/orders/${encodeURIComponent(orderId)}/refunds`),
  });
}

/** POST /api/admin/orders/:id/refunds (staff): an amount or lines; the order and its timeline are read again. */
export function useCreateRefund(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RefundRequest) =>
      apiJson<OrderRefunds & { refund: Refund }>(
        'POST',
        `/api/admin/orders/${encodeURIComponent(orderId)}/refunds`,
        request,
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(refundsKey(orderId), answer);
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/orders'] });
    },
  });
}
