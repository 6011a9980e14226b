import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteCreateInput, QuotePatchInput, QuoteStatus } from '@shared/schemas/quotes';
import { apiJson } from '@/lib/api-client';
import { useStaffEvents } from '@/lib/live/staff-events';

export const adminQuotesQueryKey = ['/api/admin/quotes'] as const;

export interface AdminQuotesRequest {
  q: string;
  status: QuoteStatus | '';
  cursor: string;
}

/** A row of the list (GET /api/admin/quotes). */
export type AdminQuoteSummary = Pick<
  Quote,
  'id' | 'number' | 'version' | 'status' | 'title' | 'customer' | 'totals' | 'validUntil' | 'sentAt' | 'createdAt'
>;

export interface AdminQuotePage {
  quotes: AdminQuoteSummary[];
  nextCursor: string | null;
}

/**
 * One thing that happened to a quote: who (a staff member's name; null for the client or the system) and when;
 * `accepted` carries `signatureName` and `ip`, `declined` its `reason`, `revised` the other version's.
 */
export interface QuoteTimelineEntry {
  type: string;
  at: string;
  actorName: string | null;
  data: Record<string, string | number | null>;
}

export type AdminQuoteDetails = Quote & { timeline: QuoteTimelineEntry[] };

const quotePath = (id: string) => `/api/admin/quotes/${encodeURIComponent(id)}`;

/** The quote's PDF as staff download it. */
export const adminQuotePdfPath = (id: string) => `${quotePath(id)}/pdf`;

/** GET /api/admin/quotes: one page of quotes, newest first, kept current by the clients' actions. */
export function useAdminQuotes(request: AdminQuotesRequest) {
  useQuoteEvents();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) if (value) query.set(key, value);
  return useQuery({
    queryKey: [...adminQuotesQueryKey, 'list', request],
    queryFn: () => apiJson<AdminQuotePage>('GET', `/api/admin/quotes?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** What a client does to a quote (views it, accepts, declines, pays the deposit): the console's quotes are asked again. */
export function useQuoteEvents() {
  const queryClient = useQueryClient();
  useStaffEvents(['quote.viewed', 'quote.accepted', 'quote.declined', 'quote.paid'], () => {
    void queryClient.invalidateQueries({ queryKey: adminQuotesQueryKey });
  });
}

/** GET /api/admin/quotes/:id: the quote with its timeline, kept current by the client's actions. */
export function useAdminQuote(id: string) {
  useQuoteEvents();
  return useQuery({
    queryKey: [...adminQuotesQueryKey, 'one', id],
    queryFn: () => apiJson<AdminQuoteDetails>('GET', quotePath(id)),
  });
}

/** POST /api/admin/quotes: a new draft. */
export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteCreateInput) => apiJson<Quote>('POST', '/api/admin/quotes', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQuotesQueryKey }),
  });
}

/** PATCH /api/admin/quotes/:id: only while draft (409 with the reason otherwise). */
export function useUpdateQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuotePatchInput) => apiJson<Quote>('PATCH', quotePath(id), body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQuotesQueryKey }),
  });
}

export type QuoteAction = 'send' | 'revise' | 'withdraw';

/** POST /api/admin/quotes/:id/send|revise|withdraw; revise answers with the new draft version. */
export function useQuoteAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: QuoteAction) => apiJson<Quote>('POST', `${quotePath(id)}/${action}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQuotesQueryKey }),
  });
}
