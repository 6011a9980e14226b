import { useQuery } from '@tanstack/react-query';
import type { EnquiryDetail } from '@shared/schemas/enquiries';
import { enquiriesQueryKey } from './enquiry-list';

/** GET /api/admin/enquiries/{id} (staff). */
export function useEnquiry(id: string | null) {
  return useQuery<EnquiryDetail>({ queryKey: [...enquiriesQueryKey, id ?? ''], enabled: id !== null });
}
