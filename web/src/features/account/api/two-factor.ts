import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@shared/schemas/account';
import type {
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorEnableAnswer,
  TwoFactorSetupAnswer,
} from '@shared/schemas/two-factor';
import { apiJson } from '@/lib/api-client';
import { accountQueryKey } from './account';

/** POST /api/account/2fa/setup: a new secret to scan, not in use until confirmed with a code. */
export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: () => apiJson<TwoFactorSetupAnswer>('POST', '/api/account/2fa/setup'),
  });
}

/** POST /api/account/2fa/enable: turns it on; the answer's recovery codes are shown this once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => apiJson<TwoFactorEnableAnswer>('POST', '/api/account/2fa/enable', input),
    onSuccess: () => {
      // The console's screens were refused until now (an admin without it): ask again.
      void queryClient.invalidateQueries();
    },
  });
}

/** POST /api/account/2fa/disable */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) => apiJson<MessageAnswer>('POST', '/api/account/2fa/disable', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
