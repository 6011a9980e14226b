import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubscriptionResponse } from '@shared/schemas/subscriptions';
import { apiJson } from '@/lib/api-client';
import { subscriptionStatusQueryKey } from './get-subscription-status';

/**
 * POST /api/create-subscription: starts a subscription (its first payment to
 * confirm), or resumes or switches the current one.
 */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => apiJson<CreateSubscriptionResponse>('POST', '/api/create-subscription', { planId }),
    onSuccess: (response) => queryClient.setQueryData(subscriptionStatusQueryKey, response.subscription),
  });
}
