import { useMutation } from '@tanstack/react-query';
import { CONSULTATION_AMOUNT_CENTS, CONSULTATION_DESCRIPTION, type ClientSecretResponse } from '@shared/payments';
import { apiJson } from '@/lib/api-client';

/** Spec §7: POST /api/create-payment-intent with amount 19900 and the consultation's description. */
export function useCreateConsultationPayment() {
  return useMutation({
    mutationFn: () =>
      apiJson<ClientSecretResponse>('POST', '/api/create-payment-intent', {
        amount: CONSULTATION_AMOUNT_CENTS,
        description: CONSULTATION_DESCRIPTION,
      }),
  });
}
