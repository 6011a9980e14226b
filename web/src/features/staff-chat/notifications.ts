import type { ChatConversation, ChatMessage } from '@shared/schemas/chat';

/**
 * Where a host learns of chat activity to notify staff. The desktop console
 * passes callbacks that raise native notifications; the web page passes none.
 */
export interface StaffChatNotifications {
  onNewConversation?(conversation: ChatConversation): void;
  onVisitorMessage?(conversation: ChatConversation, message: ChatMessage): void;
  /** Closed by anyone (this console, another staff member, or the server). */
  onConversationClosed?(conversation: ChatConversation): void;
  /** The conversation open in the console changed (null: none is open). */
  onSelectionChange?(conversationId: string | null): void;
}

/** A host asks the console to open a conversation (e.g. a notification was clicked); a new `seq` asks again. */
export interface OpenConversationRequest {
  conversationId: string;
  seq: number;
}
