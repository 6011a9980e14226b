import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest, CheckoutResponse } from '@shared/schemas/orders';
import { apiJson } from '@/lib/api-client';

/**
 * POST /api/create-payment-intent for the shop: product ids and quantities
 * only. The server prices the order, writes it and returns the client secret.
 */
export function useCreateOrderPayment() {
  return useMutation({
    mutationFn: (request: CheckoutRequest) => apiJson<CheckoutResponse>('POST', '/api/create-payment-intent', request),
  });
}
