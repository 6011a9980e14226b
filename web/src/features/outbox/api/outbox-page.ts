import { useQuery } from '@tanstack/react-query';
import type { MailStatus, OutboxPage } from '@shared/schemas/outbox';
import { apiJson } from '@/lib/api-client';

export interface OutboxPageRequest {
  status: MailStatus | null;
  /** The cursor of the page: null for the newest mails. */
  before: string | null;
}

export const OUTBOX_PAGE_SIZE = 25;

export const outboxQueryKey = ['/api/admin/outbox'] as const;

/** GET /api/admin/outbox (staff): one page of mails, newest first, optionally of one status. */
export function fetchOutboxPage({ status, before }: OutboxPageRequest): Promise<OutboxPage> {
  const query = new URLSearchParams({ limit: String(OUTBOX_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (before) query.set('before', before);
  return apiJson<OutboxPage>('GET', `/api/admin/outbox?${query.toString()}`);
}

export function useOutboxPage(request: OutboxPageRequest) {
  return useQuery({
    queryKey: [...outboxQueryKey, request.status, request.before],
    queryFn: () => fetchOutboxPage(request),
  });
}
