import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/chat/conversations/{id}/page: the page the visitor is on now,
 * shown to staff beside the chat. Best effort: a failure only means staff see
 * an older page.
 */
export function reportVisitorPage(conversationId: string, page: string): void {
  apiRequest('POST', `/api/chat/conversations/${conversationId}/page`, { page }).catch(() => undefined);
}
