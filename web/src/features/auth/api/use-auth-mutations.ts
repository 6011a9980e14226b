import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser, SignupData } from '@shared/schemas/auth';
import type { TwoFactorCodeInput, TwoFactorRequiredAnswer } from '@shared/schemas/two-factor';
import { apiJson, apiRequest } from '@/lib/api-client';
import { userQueryKey, type SessionAnswer } from './use-user';

/** POST /api/login: the user, or (two-factor sign-in on) a request for the second step, nobody signed in yet. */
export type LoginAnswer = PublicUser | TwoFactorRequiredAnswer;

export function needsSecondStep(answer: LoginAnswer): answer is TwoFactorRequiredAnswer {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired === true;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<LoginAnswer>('POST', '/api/login', input),
    onSuccess: (answer) => {
      // Everything cached belonged to the previous visitor.
      queryClient.clear();
      queryClient.setQueryData<SessionAnswer>(userQueryKey, { user: needsSecondStep(answer) ? null : answer });
    },
  });
}

/** POST /api/login/2fa: the second step, with a code from the app or a recovery code. */
export function useLoginSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => apiJson<PublicUser>('POST', '/api/login/2fa', input),
    onSuccess: (user) => {
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
