import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketReplyInput, TicketReplyResult } from '@shared/schemas/service-requests';
import { apiJson } from '@/lib/api-client';
import { serviceRequestQueryKey } from './get-service-request';

/** POST /api/service-requests/{id}/replies; the thread and the lists are read again afterwards. */
export function usePostReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketReplyInput) =>
      apiJson<TicketReplyResult>('POST', `/api/service-requests/${id}/replies`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: serviceRequestQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['/api/service-requests'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/service-requests'] });
    },
  });
}
