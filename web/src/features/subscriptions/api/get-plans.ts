import { useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@shared/subscriptions';

const plansQueryKey = ['/api/subscription-plans'] as const;

/** The active plans, cheapest first (GET /api/subscription-plans). */
export function usePlans() {
  return useQuery<SubscriptionPlan[]>({ queryKey: plansQueryKey });
}

/**
 * One plan by id (GET /api/subscription-plans/:id): an offered plan, or one made for the signed-in client's quote
 * (decision 201), which /pricing never lists. Asked only when `enabled` (the plan is not among the offered ones).
 */
export function usePlan(planId: string, enabled: boolean) {
  return useQuery<SubscriptionPlan>({ queryKey: [...plansQueryKey, planId], enabled });
}
