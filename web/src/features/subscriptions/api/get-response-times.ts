import { useQuery } from '@tanstack/react-query';
import type { PlanResponseTimes } from '@shared/response-times';

const responseTimesQueryKey = ['/api/service-levels/response-times'] as const;

/**
 * Each plan's first response for a normal request, in business minutes (GET /api/service-levels/response-times,
 * decision 203). /pricing is rendered with it on the server, so the page does not fetch it again.
 */
export function usePlanResponseTimes() {
  return useQuery<PlanResponseTimes>({ queryKey: responseTimesQueryKey });
}
