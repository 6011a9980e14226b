import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketThread } from '@shared/schemas/tickets';
import { apiJson } from '@/lib/api-client';
import { ticketQueryKey } from './get-ticket';

/** POST /api/service-requests/{id}/consultation/confirm (the client). */
export function useConfirmConsultation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TicketThread>('POST', `/api/service-requests/${id}/consultation/confirm`),
    onSuccess: (thread) => queryClient.setQueryData(ticketQueryKey(id), thread),
  });
}

/** Where the calendar file of a request's consultation downloads from. */
export const consultationCalendarPath = (id: string) => `/api/service-requests/${id}/consultation.ics`;
