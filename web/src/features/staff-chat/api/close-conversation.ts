import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatConversation } from '@shared/schemas/chat';
import { apiJson } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { upsertConversation } from './conversations';

/** PATCH /api/chat/conversations/{id}/close; everyone in the conversation is told by the server. */
export function useCloseConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<ChatConversation>('PATCH', `/api/chat/conversations/${id}/close`),
    onSuccess: (conversation) => upsertConversation(queryClient, conversation),
    onError: () => toast({ title: 'Error', description: 'Failed to close conversation', variant: 'destructive' }),
  });
}
