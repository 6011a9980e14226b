import { quoteStatuses, type QuoteStatus } from '@shared/schemas/quotes';
import type { AdminQuotesRequest } from '../api/admin-quotes';

/** A quote status, or '' (all statuses) for anything else. */
export function quoteStatusParam(value: string | null): QuoteStatus | '' {
  return quoteStatuses.find((status) => status === value) ?? '';
}

/** The staff quotes list as the URL asks for it (/admin/quotes?q=&status=&cursor=); the API checks q and cursor. */
export function readQuoteListParams(params: URLSearchParams): AdminQuotesRequest {
  return {
    q: params.get('q') ?? '',
    status: quoteStatusParam(params.get('status')),
    cursor: params.get('cursor') ?? '',
  };
}
