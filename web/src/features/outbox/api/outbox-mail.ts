import { useQuery } from '@tanstack/react-query';
import type { OutboxMailDetail } from '@shared/schemas/outbox';
import { apiJson } from '@/lib/api-client';
import { outboxQueryKey } from './outbox-page';

/** GET /api/admin/outbox/{id} (staff): one mail with its HTML and plain-text parts. */
export function useOutboxMail(id: string | null) {
  return useQuery({
    queryKey: [...outboxQueryKey, 'mail', id],
    queryFn: () => apiJson<OutboxMailDetail>('GET', `/api/admin/outbox/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });
}
