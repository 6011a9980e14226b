import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestThread } from '@shared/schemas/service-requests';
import { apiJson } from '@/lib/api-client';
import { serviceRequestQueryKey } from './get-service-request';

/** POST /api/service-requests/{id}/consultation/confirm (the client). */
export function useConfirmConsultation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<ServiceRequestThread>('POST', `/api/service-requests/${id}/consultation/confirm`),
    onSuccess: (thread) => queryClient.setQueryData(serviceRequestQueryKey(id), thread),
  });
}

/** Where the calendar file of a request's consultation downloads from. */
export const consultationCalendarPath = (id: string) => `/api/service-requests/${id}/consultation.ics`;
