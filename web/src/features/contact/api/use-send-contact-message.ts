import { useMutation } from '@tanstack/react-query';
import type { ContactMessageData } from '@shared/schemas/contact';
import { apiRequest } from '@/lib/api-client';

/** POST /api/contact — success is any ok status; the body is not read (spec §7). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (input: ContactMessageData) => {
      await apiRequest('POST', '/api/contact', input);
    },
  });
}
