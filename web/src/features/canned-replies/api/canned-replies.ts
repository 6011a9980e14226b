import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CannedReplyValues } from '@shared/canned-replies';
import type { CannedReply, CreateCannedReply, UpdateCannedReply } from '@shared/schemas/canned-replies';
import { apiJson, apiRequest } from '@/lib/api-client';

export const cannedRepliesQueryKey = ['/api/admin/canned-replies'] as const;
const replyPath = (id: string) => `/api/admin/canned-replies/${encodeURIComponent(id)}`;

/** GET /api/admin/canned-replies: the shared replies and the caller's own. */
export function useCannedReplies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: cannedRepliesQueryKey,
    queryFn: () => apiJson<CannedReply[]>('GET', '/api/admin/canned-replies'),
    enabled,
    staleTime: 30_000,
  });
}

/** Which conversation a composer answers: its variables are filled from it. */
export type CannedReplyContext = { chatId: string } | { ticketId: string } | { enquiryId: string };

function contextQuery(context: CannedReplyContext): string {
  const [key, value] = Object.entries(context)[0] ?? ['', ''];
  return `${key}=${encodeURIComponent(value)}`;
}

/** GET /api/admin/canned-replies/variables?chatId=|ticketId=|enquiryId=: the values for that conversation. */
export function useCannedReplyValues(context: CannedReplyContext, { enabled }: { enabled: boolean }) {
  const query = contextQuery(context);
  return useQuery({
    queryKey: ['/api/admin/canned-replies/variables', query],
    queryFn: () => apiJson<CannedReplyValues>('GET', `/api/admin/canned-replies/variables?${query}`),
    enabled,
    staleTime: 60_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cannedRepliesQueryKey });
}

/** POST /api/admin/canned-replies */
export function useCreateCannedReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateCannedReply) => apiJson<CannedReply>('POST', '/api/admin/canned-replies', input),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/canned-replies/:id */
export function useUpdateCannedReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateCannedReply }) =>
      apiJson<CannedReply>('PATCH', replyPath(id), change),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/canned-replies/:id */
export function useDeleteCannedReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', replyPath(id)),
    onSettled: refresh,
  });
}
