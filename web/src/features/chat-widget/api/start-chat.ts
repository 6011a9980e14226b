import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { startChatSchema } from '@shared/schemas/chat';
import { apiJson } from '@/lib/api-client';

/** POST /api/chat/conversations → { id }, bound to this browser's session. */
export function useStartChat() {
  return useMutation({
    mutationFn: (input: z.output<typeof startChatSchema>) =>
      apiJson<{ id: string }>('POST', '/api/chat/conversations', input),
  });
}
