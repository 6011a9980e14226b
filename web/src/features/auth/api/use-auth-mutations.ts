import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser, SignupData } from '@shared/schemas/auth';
import { apiJson, apiRequest } from '@/lib/api-client';
import { userQueryKey, type SessionAnswer } from './use-user';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<PublicUser>('POST', '/api/login', input),
    onSuccess: (user) => {
      // Everything cached belonged to the previous visitor.
      queryClient.clear();
      queryClient.setQueryData<SessionAnswer>(userQueryKey, { user });
    },
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupData) => apiJson<PublicUser>('POST', '/api/signup', input),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData<SessionAnswer>(userQueryKey, { user });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData<SessionAnswer>(userQueryKey, { user: null });
    },
  });
}
