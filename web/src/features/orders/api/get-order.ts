import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDetails } from '@shared/schemas/orders';
import { apiJson } from '@/lib/api-client';

const POLL_INTERVAL_MS = 2_000;
/** 15 checks, 2 s apart: about 30 s for the payment provider to confirm. */
const MAX_CHECKS = 15;

/**
 * One of the caller's orders. With `waitForPayment`, a pending order is
 * checked again every 2 s, up to 15 times: after a payment redirect the
 * provider's confirmation (a webhook) usually lands within seconds.
 */
export function useOrder(orderId: string, { waitForPayment }: { waitForPayment: boolean }) {
  const queryKey = ['/api/orders', orderId] as const;
  const query = useQuery({
    queryKey,
    queryFn: () => apiJson<OrderDetails>('GET', `/api/orders/${encodeURIComponent(orderId)}`),
    refetchInterval: (current) =>
      waitForPayment && current.state.data?.status === 'pending' && current.state.dataUpdateCount < MAX_CHECKS
        ? POLL_INTERVAL_MS
        : false,
  });
  // Reading dataUpdatedAt re-renders on every check, even when the answer is unchanged.
  const checkedAt = query.dataUpdatedAt;
  const checks = useQueryClient().getQueryState(queryKey)?.dataUpdateCount ?? 0;
  const waiting = waitForPayment && query.data?.status === 'pending' && checks < MAX_CHECKS;
  return { ...query, checkedAt, waiting };
}
