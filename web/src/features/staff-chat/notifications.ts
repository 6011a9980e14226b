import type { ChatConversation, ChatMessage } from '@shared/schemas/chat';
import type { ChatConnectionStatus } from '@/lib/live/chat-socket';

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
  /** The socket connected, dropped, or is reconnecting (the desktop's "disconnected" banner). */
  onConnectionChange?(status: ChatConnectionStatus): void;
  /**
   * The server will not take this console back (logged out elsewhere, session
   * expired, no longer staff). A host that can show its login screen again
   * says so here; without it the console offers a reload.
   */
  onSessionEnded?(): void;
}

/** A host asks the console to open a conversation (e.g. a notification was clicked); a new `seq` asks again. */
export interface OpenConversationRequest {
  conversationId: string;
  seq: number;
}

/** A host asks the console to move (a keyboard shortcut of the desktop console); a new `seq` asks again. */
export interface ConsoleCommand {
  action: 'next-conversation' | 'previous-conversation' | 'focus-reply';
  seq: number;
}
