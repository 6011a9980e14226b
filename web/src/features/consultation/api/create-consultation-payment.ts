import { useMutation } from '@tanstack/react-query';
import { CONSULTATION_AMOUNT_CENTS, CONSULTATION_DESCRIPTION, type ClientSecretResponse } from '@shared/payments';
import { apiJson } from '@/lib/api-client';

/** What the booking asks before the payment (decision 200). */
export interface ConsultationAnswers {
  topic: string;
  preferredTimes: string | null;
}

/**
 * Spec §7: POST /api/create-payment-intent with amount 19900 and the consultation's description, and what the
 * consultation is about (the amount is only checked by the server, which charges its own).
 */
export function useCreateConsultationPayment() {
  return useMutation({
    mutationFn: (answers: ConsultationAnswers) =>
      apiJson<ClientSecretResponse>('POST', '/api/create-payment-intent', {
        amount: CONSULTATION_AMOUNT_CENTS,
        description: CONSULTATION_DESCRIPTION,
        topic: answers.topic,
        preferredTimes: answers.preferredTimes,
      }),
  });
}
