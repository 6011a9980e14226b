import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, ChangePasswordInput, MessageAnswer, UpdateProfileInput } from '@shared/schemas/account';
import { apiJson } from '@/lib/api-client';

export const accountQueryKey = ['/api/auth/account'] as const;
/** The session query of the auth feature: the header and portal show the name and email from it. */
const sessionQueryKey = ['/api/auth/session'] as const;

/** GET /api/auth/account: the logged-in user with a new email waiting for confirmation. */
export function useAccount() {
  return useQuery({ queryKey: accountQueryKey, queryFn: () => apiJson<Account>('GET', '/api/auth/account') });
}

/** PATCH /api/auth/user */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => apiJson<Account>('PATCH', '/api/auth/user', input),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** POST /api/auth/password */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiJson<MessageAnswer>('POST', '/api/auth/password', input),
  });
}

/** POST /api/auth/email-change/confirm, with the token of the emailed link. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<MessageAnswer & { email: string }>('POST', '/api/auth/email-change/confirm', { token }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** POST /api/auth/email-verification: a new link that confirms the current address. */
export function useSendEmailVerification() {
  return useMutation({
    mutationFn: () => apiJson<MessageAnswer>('POST', '/api/auth/email-verification'),
  });
}
