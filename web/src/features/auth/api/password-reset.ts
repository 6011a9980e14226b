import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, PasswordResetConfirmInput, PasswordResetRequestInput } from '@shared/schemas/account';
import { apiJson } from '@/lib/api-client';

/** POST /api/auth/password-reset/request: answers the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      apiJson<MessageAnswer>('POST', '/api/auth/password-reset/request', input),
  });
}

/** POST /api/auth/password-reset/confirm: the new password, with the token from the emailed link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) =>
      apiJson<MessageAnswer>('POST', '/api/auth/password-reset/confirm', input),
  });
}
