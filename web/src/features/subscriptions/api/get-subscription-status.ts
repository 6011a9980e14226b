import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatusResponse } from '@shared/subscriptions';

export const subscriptionStatusQueryKey = ['/api/subscription-status'] as const;

/**
 * The caller's subscription (GET /api/subscription-status). It needs a login:
 * pages open to visitors pass `enabled: false` until they know someone is logged in.
 */
export function useSubscriptionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<SubscriptionStatusResponse>({ queryKey: subscriptionStatusQueryKey, enabled });
}
