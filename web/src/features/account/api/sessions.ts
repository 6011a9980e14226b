import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessions } from '@shared/schemas/sessions';
import { apiJson, apiRequest } from '@/lib/api-client';

export const sessionsQueryKey = ['/api/account/sessions'] as const;

/** GET /api/account/sessions: where the account is signed in. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => apiJson<AccountSessions>('GET', '/api/account/sessions'),
  });
}

/** DELETE /api/account/sessions/:id */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** POST /api/account/sessions/sign-out-others */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ ended: number }>('POST', '/api/account/sessions/sign-out-others'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
