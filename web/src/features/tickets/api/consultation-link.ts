import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConsultationLinkView } from '@shared/schemas/tickets';
import { apiJson } from '@/lib/api-client';

/**
 * The one-click link of a proposal email (decision 141): POST
 * /api/consultation-link reads the proposed time, POST
 * /api/consultation-link/confirm confirms it. The token travels in the body,
 * and only the button confirms.
 */
export function useConsultationLink(token: string) {
  return useQuery<ConsultationLinkView>({
    queryKey: ['consultation-link', token],
    queryFn: () => apiJson<ConsultationLinkView>('POST', '/api/consultation-link', { token }),
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
}

export function useConfirmConsultationLink(token: string) {
  return useMutation({
    mutationFn: () => apiJson<ConsultationLinkView>('POST', '/api/consultation-link/confirm', { token }),
  });
}
