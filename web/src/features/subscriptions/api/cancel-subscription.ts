import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionStatusResponse } from '@shared/subscriptions';
import { apiJson } from '@/lib/api-client';
import { subscriptionStatusQueryKey } from './get-subscription-status';

/** POST /api/cancel-subscription: the subscription ends at the end of the billing period. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SubscriptionStatusResponse>('POST', '/api/cancel-subscription'),
    onSuccess: (status) => queryClient.setQueryData(subscriptionStatusQueryKey, status),
  });
}
