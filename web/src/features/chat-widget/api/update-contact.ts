import { useMutation } from '@tanstack/react-query';
import type { ChatConversation } from '@shared/schemas/chat';
import { apiJson } from '@/lib/api-client';

/** PATCH /api/chat/conversations/{id}: the email staff can answer to later. */
export function useUpdateChatContact(conversationId: string) {
  return useMutation({
    mutationFn: (visitorEmail: string | null) =>
      apiJson<ChatConversation>('PATCH', `/api/chat/conversations/${conversationId}`, { visitorEmail }),
  });
}
