import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatVisitorContext } from '@shared/schemas/chat';
import { apiJson } from '@/lib/api-client';

export const visitorContextQueryKey = (conversationId: string) =>
  ['/api/chat/conversations', conversationId, 'context'] as const;

/** GET /api/chat/conversations/{id}/context (staff); kept current by the feed's visitor_context frames. */
export function useVisitorContext(conversationId: string) {
  return useQuery<ChatVisitorContext>({ queryKey: visitorContextQueryKey(conversationId) });
}

/** POST /api/chat/conversations/{id}/ticket: the chat becomes a service request (its transcript the first message). */
export function useChatToTicket(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<{ serviceRequestId: string }>('POST', `/api/chat/conversations/${conversationId}/ticket`, {}),
    onSuccess: async ({ serviceRequestId }) => {
      // A read of the context still in flight was asked before the ticket existed: it must not land after this.
      await queryClient.cancelQueries({ queryKey: visitorContextQueryKey(conversationId) });
      queryClient.setQueryData<ChatVisitorContext>(visitorContextQueryKey(conversationId), (context) =>
        context ? { ...context, serviceRequestId } : context,
      );
    },
  });
}
