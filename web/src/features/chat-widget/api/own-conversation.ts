import { useQuery } from '@tanstack/react-query';
import type { ChatConversation } from '@shared/schemas/chat';

/** The remembered conversation, if this session may still see it (404 otherwise). */
export function useOwnConversation(id: string | null) {
  return useQuery<ChatConversation>({
    queryKey: ['/api/chat/conversations', id ?? ''],
    enabled: id !== null,
    gcTime: 0,
  });
}
