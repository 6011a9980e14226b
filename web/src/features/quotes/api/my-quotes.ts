import { useQuery } from '@tanstack/react-query';
import type { PublicQuote } from '@shared/schemas/quotes';
import { apiJson } from '@/lib/api-client';

/** One of the signed-in client's quotes, with the page it opens on. */
export type ClientQuoteSummary = Pick<
  PublicQuote,
  'number' | 'version' | 'status' | 'title' | 'totals' | 'validUntil' | 'sentAt'
> & { publicUrl: string };

/** GET /api/quotes: the signed-in client's quotes (by account, or by the verified email they were sent to). */
export function useMyQuotes() {
  return useQuery({
    queryKey: ['/api/quotes', 'mine'],
    queryFn: () => apiJson<{ quotes: ClientQuoteSummary[] }>('GET', '/api/quotes'),
  });
}
