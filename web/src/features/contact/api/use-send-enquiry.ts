import { useMutation } from '@tanstack/react-query';
import type { EnquirySubmission } from '@shared/schemas/contact';
import { apiRequest } from '@/lib/api-client';

/** POST /api/contact — success is any ok status; the body is not read (spec §7). */
export function useSendEnquiry() {
  return useMutation({
    mutationFn: async (input: EnquirySubmission) => {
      await apiRequest('POST', '/api/contact', input);
    },
  });
}
