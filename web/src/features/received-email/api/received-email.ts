import { useQuery } from '@tanstack/react-query';
import type { InboundEmailView } from '@shared/schemas/inbound-email';
import { apiJson } from '@/lib/api-client';

/** GET /api/admin/inbound-emails/{id} (staff): one received email, its text, files and raw message. */
export function useReceivedEmail(id: string) {
  return useQuery({
    queryKey: ['/api/admin/inbound-emails', id],
    queryFn: () => apiJson<InboundEmailView>('GET', `/api/admin/inbound-emails/${encodeURIComponent(id)}`),
  });
}
