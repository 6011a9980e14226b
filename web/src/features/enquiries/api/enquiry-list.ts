import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EnquiryKind, EnquiryPage, EnquiryStatus } from '@shared/schemas/enquiries';
import { apiJson } from '@/lib/api-client';

export interface EnquiryListRequest {
  q: string;
  status: EnquiryStatus | null;
  /** Quote requests only, or contact enquiries only; null: both. */
  kind: EnquiryKind | null;
  service: string | null;
  cursor: string | null;
}

export const enquiriesQueryKey = ['/api/admin/enquiries'] as const;
const PAGE_SIZE = 25;

/** GET /api/admin/enquiries (staff): newest first, filtered, one keyset page. */
export function useEnquiryList(request: EnquiryListRequest) {
  return useQuery({
    queryKey: [...enquiriesQueryKey, 'list', request],
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (request.q) query.set('q', request.q);
      if (request.status) query.set('status', request.status);
      if (request.kind) query.set('kind', request.kind);
      if (request.service) query.set('service', request.service);
      if (request.cursor) query.set('cursor', request.cursor);
      return apiJson<EnquiryPage>('GET', `/api/admin/enquiries?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}
