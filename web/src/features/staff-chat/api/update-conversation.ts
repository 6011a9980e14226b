import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatConversation, UpdateStaffChat } from '@shared/schemas/chat';
import type { PersonRef } from '@shared/schemas/tickets';
import { apiJson } from '@/lib/api-client';
import { upsertConversation } from './conversations';

/** PATCH /api/admin/chat/conversations/{id}: priority and/or assignee (issue 26). */
export function useUpdateConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateStaffChat) =>
      apiJson<ChatConversation>('PATCH', `/api/admin/chat/conversations/${encodeURIComponent(id)}`, change),
    onSuccess: (conversation) => upsertConversation(queryClient, conversation),
  });
}

/** GET /api/admin/staff-members: whom a chat can be given to (support and admin staff). */
export function useChatAssignees() {
  return useQuery<PersonRef[]>({ queryKey: ['/api/admin/staff-members'] });
}
