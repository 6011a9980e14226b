import type { ChatConversation, ChatMessage } from '@shared/schemas/chat';

/**
 * Where a host learns of chat activity to notify staff. The desktop console
 * passes callbacks that raise native notifications; the web page passes none.
 */
export interface StaffChatNotifications {
  onNewConversation?(conversation: ChatConversation): void;
  onVisitorMessage?(conversation: ChatConversation, message: ChatMessage): void;
}
