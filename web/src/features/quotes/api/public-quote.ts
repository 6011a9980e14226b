import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientSecretResponse } from '@shared/payments';
import type { Shipping } from '@shared/schemas/orders';
import type { PublicQuote } from '@shared/schemas/quotes';
import { apiJson } from '@/lib/api-client';

export const publicQuoteQueryKey = (token: string) => ['/api/quotes', token] as const;

const quotePath = (token: string) => `/api/quotes/${encodeURIComponent(token)}`;

/** The quote's PDF, as the client downloads it. */
export const publicQuotePdfPath = (token: string) => `${quotePath(token)}/pdf`;

/** GET /api/quotes/:token: the quote as the client may see it (404 for a token that opens nothing). */
export function usePublicQuote(token: string) {
  return useQuery({
    queryKey: publicQuoteQueryKey(token),
    queryFn: () => apiJson<PublicQuote>('GET', quotePath(token)),
    retry: false,
  });
}

export interface AcceptQuoteBody {
  signatureName: string;
  agree: true;
  /** Where the products go (a quote with product lines, decision 201). */
  shipping?: Shipping;
}

/** POST /api/quotes/:token/accept (409 with the reason when the quote can no longer be accepted). */
export function useAcceptQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptQuoteBody) => apiJson<PublicQuote>('POST', `${quotePath(token)}/accept`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicQuoteQueryKey(token) }),
  });
}

/** POST /api/quotes/:token/decline with an optional reason. */
export function useDeclineQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason?: string }) => apiJson<PublicQuote>('POST', `${quotePath(token)}/decline`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicQuoteQueryKey(token) }),
  });
}

/** POST /api/quotes/:token/deposit: a payment of the accepted quote's deposit (the server decides the amount). */
export function useStartQuoteDeposit(token: string) {
  return useMutation({
    mutationFn: () => apiJson<ClientSecretResponse>('POST', `${quotePath(token)}/deposit`),
  });
}
