import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentSettings, PlanPriorities } from '@shared/schemas/assignment';
import type { ServiceLevels } from '@shared/schemas/service-levels';
import type { SurveySettings } from '@shared/schemas/surveys';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { apiJson } from '@/lib/api-client';

/**
 * The support desk's settings (admins; issues 26 and 27). Each is read and
 * written whole: PUT stores the value or answers 400 naming what is wrong and
 * stores nothing.
 */
function useSetting<T>(path: string) {
  return useQuery({ queryKey: [path], queryFn: () => apiJson<T>('GET', path) });
}

function useSaveSetting<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) => apiJson<T>('PUT', path, value),
    onSuccess: (saved) => queryClient.setQueryData([path], saved),
  });
}

const ASSIGNMENT = '/api/admin/settings/assignment';
const SURVEYS = '/api/admin/settings/surveys';
const PLAN_PRIORITIES = '/api/admin/settings/plan-priorities';
const SERVICE_LEVELS = '/api/admin/settings/service-levels';

/** GET/PUT /api/admin/settings/assignment `{ autoAssign, capacity, offlineGraceMinutes }` */
export const useAssignmentSettings = () => useSetting<AssignmentSettings>(ASSIGNMENT);
export const useSaveAssignmentSettings = () => useSaveSetting<AssignmentSettings>(ASSIGNMENT);

/** GET/PUT /api/admin/settings/surveys `{ enabled }` */
export const useSurveySettings = () => useSetting<SurveySettings>(SURVEYS);
export const useSaveSurveySettings = () => useSaveSetting<SurveySettings>(SURVEYS);

/** GET/PUT /api/admin/settings/plan-priorities: plan name → priority. */
export const usePlanPriorities = () => useSetting<PlanPriorities>(PLAN_PRIORITIES);
export const useSavePlanPriorities = () => useSaveSetting<PlanPriorities>(PLAN_PRIORITIES);

/** GET/PUT /api/admin/settings/service-levels: the default policy, per-plan policies, the chat's first response. */
export const useServiceLevels = () => useSetting<ServiceLevels>(SERVICE_LEVELS);
export const useSaveServiceLevels = () => useSaveSetting<ServiceLevels>(SERVICE_LEVELS);

/** The subscription plans (GET /api/subscription-plans: the active ones, cheapest first). */
export function useSubscriptionPlans() {
  return useQuery({
    queryKey: ['/api/subscription-plans'],
    queryFn: () => apiJson<SubscriptionPlan[]>('GET', '/api/subscription-plans'),
  });
}
