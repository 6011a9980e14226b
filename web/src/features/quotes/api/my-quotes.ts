import { useQuery } from '@tanstack/react-query';
import type { ClientQuote } from '@shared/schemas/quotes';
import { apiJson } from '@/lib/api-client';

/** One of the signed-in client's quotes, with the address of its page and what it became (decision 201). */
export type { ClientQuote };

/** GET /api/quotes: the signed-in client's quotes (by account, or by the verified email they were sent to). */
export function useMyQuotes() {
  return useQuery({
    queryKey: ['/api/quotes', 'mine'],
    queryFn: () => apiJson<{ quotes: ClientQuote[] }>('GET', '/api/quotes'),
  });
}
