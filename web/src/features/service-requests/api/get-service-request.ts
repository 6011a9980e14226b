import { useQuery } from '@tanstack/react-query';
import type { ServiceRequestThread } from '@shared/schemas/service-requests';

export const serviceRequestQueryKey = (id: string) => ['/api/service-requests', id] as const;

/** One request and its thread: GET /api/service-requests/{id} (the client's own, or any for staff). */
export function useServiceRequestThread(id: string) {
  return useQuery<ServiceRequestThread>({ queryKey: serviceRequestQueryKey(id) });
}
