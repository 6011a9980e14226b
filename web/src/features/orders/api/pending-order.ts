import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResponse, OrderDetails } from '@shared/schemas/orders';
import { apiJson } from '@/lib/api-client';

/** POST /api/orders/:id/payment: a new payment for the caller's pending order (Pay now). */
export function useStartOrderPayment(orderId: string) {
  return useMutation({
    mutationFn: () => apiJson<CheckoutResponse>('POST', `/api/orders/${encodeURIComponent(orderId)}/payment`),
  });
}

/** POST /api/orders/:id/cancel: the caller cancels their order while it waits for payment. */
export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<OrderDetails>('POST', `/api/orders/${encodeURIComponent(orderId)}/cancel`),
    onSuccess: (order) => {
      queryClient.setQueryData(['/api/orders', orderId], order);
      void queryClient.invalidateQueries({ queryKey: ['/api/orders'], exact: true });
    },
  });
}
