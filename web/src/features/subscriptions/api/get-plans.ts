import { useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@shared/subscriptions';

const plansQueryKey = ['/api/subscription-plans'] as const;

/** The active plans, cheapest first (GET /api/subscription-plans). */
export function usePlans() {
  return useQuery<SubscriptionPlan[]>({ queryKey: plansQueryKey });
}
