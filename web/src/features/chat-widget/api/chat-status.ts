import { useQuery } from '@tanstack/react-query';
import type { ChatServiceStatus } from '@shared/schemas/chat';

/** Whether a staff member is connected right now (away mode otherwise). Read afresh each time the widget opens. */
export function useChatStatus() {
  return useQuery<ChatServiceStatus>({ queryKey: ['/api/chat/status'], gcTime: 0 });
}
