import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnquiryDetail, EnquiryStatus } from '@shared/schemas/enquiries';
import { apiJson } from '@/lib/api-client';
import { enquiriesQueryKey } from './enquiry-list';

function useEnquiryMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
  });
}

/** POST /api/admin/enquiries/{id}/replies: emailed to the enquirer. */
export const useReplyToEnquiry = (id: string) =>
  useEnquiryMutation((message: string) =>
    apiJson<EnquiryDetail>('POST', `/api/admin/enquiries/${id}/replies`, { message }),
  );

/** PATCH /api/admin/enquiries/{id}: close or reopen. */
export const useSetEnquiryStatus = (id: string) =>
  useEnquiryMutation((status: EnquiryStatus) =>
    apiJson<EnquiryDetail>('PATCH', `/api/admin/enquiries/${id}`, { status }),
  );

/** POST /api/admin/enquiries/{id}/convert: into a service request. */
export const useConvertEnquiry = (id: string) =>
  useEnquiryMutation(() => apiJson<{ serviceRequestId: string }>('POST', `/api/admin/enquiries/${id}/convert`));
