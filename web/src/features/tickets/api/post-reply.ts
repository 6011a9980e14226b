import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketReplyInput, TicketReplyResult } from '@shared/schemas/tickets';
import { ATTACHMENT_FIELD } from '@shared/schemas/attachments';
import { apiJson } from '@/lib/api-client';
import { ticketQueryKey } from './get-ticket';

/** POST /api/service-requests/{id}/replies, as JSON or, with files, as a form; the thread and the lists are read again afterwards. */
export function usePostReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files = [], ...input }: TicketReplyInput & { files?: File[] }) => {
      if (files.length === 0) return apiJson<TicketReplyResult>('POST', `/api/service-requests/${id}/replies`, input);
      // With files: one multipart form (the files in `files`, checked by their content on the server).
      const form = new FormData();
      form.set('message', input.message);
      form.set('internal', String(input.internal));
      for (const file of files) form.append(ATTACHMENT_FIELD, file, file.name);
      return apiJson<TicketReplyResult>('POST', `/api/service-requests/${id}/replies`, form);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ticketQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['/api/service-requests'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/service-requests'] });
    },
  });
}
