import { useQuery } from '@tanstack/react-query';
import type { ServiceRequestSummary } from '@shared/schemas/service-requests';

const serviceRequestsQueryKey = ['/api/service-requests'] as const;

/** The caller's service requests, newest first (GET /api/service-requests). */
export function useServiceRequests() {
  return useQuery<ServiceRequestSummary[]>({ queryKey: serviceRequestsQueryKey });
}
