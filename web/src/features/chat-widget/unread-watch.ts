import type { ChatMessage } from '@shared/schemas/chat';
import { ChatSocket } from '@/lib/live/chat-socket';
import { applyHistory, applyMessage, emptyThread, markRead, type ChatThread } from '@/features/chat/chat-thread';

/** Staff messages the visitor has not read yet. */
export const unreadStaffMessages = (messages: readonly ChatMessage[]) =>
  messages.filter((m) => m.senderType === 'admin' && !m.isRead).length;

/**
 * While the chat widget is closed: follows the visitor's conversation over
 * the chat socket and reports how many staff messages they have not read, so
 * the closed bubble can show a badge. It only listens (it sends no read
 * receipts, so unread replies are still emailed as before), and it holds a
 * socket only while the page is visible: a visitor with many tabs open holds
 * one for the tab in front, and a tab coming back gets the count afresh.
 * Loaded on demand (decision 142). Returns the function that stops it.
 */
export function watchUnread(conversationId: string, onCount: (count: number) => void): () => void {
  let thread: ChatThread = emptyThread;
  let socket: ChatSocket | null = null;
  let gone = false;
  const report = () => onCount(unreadStaffMessages(thread.messages));

  const connect = () => {
    if (socket || gone) return;
    const current: ChatSocket = new ChatSocket({
      // The whole history on every (re)connection: its read marks may have changed meanwhile (read in another tab).
      onOpen: () => void current.send({ type: 'join', conversationId, isAdmin: false }),
      onFrame(frame) {
        switch (frame.type) {
          case 'history':
            if (frame.conversation.id !== conversationId) return;
            thread = applyHistory(emptyThread, frame.messages, false);
            break;
          case 'new_message':
            if (frame.message.conversationId !== conversationId) return;
            thread = applyMessage(thread, frame.message);
            break;
          case 'read':
            // The visitor read staff's messages (the widget open in another tab).
            if (frame.conversationId !== conversationId || frame.readerType !== 'visitor') return;
            thread = markRead(thread, 'admin', frame.upToId);
            break;
          default:
            return;
        }
        report();
      },
      onStatus: () => undefined,
      // No "Connection Error" toast for a badge: it simply tries again later.
      onFinalClose() {
        // Not this visitor's conversation any more (e.g. logged out): nothing to count.
        gone = true;
        socket = null;
        thread = emptyThread;
        report();
      },
    });
    socket = current;
    current.connect();
  };
  const disconnect = () => {
    socket?.close();
    socket = null;
  };
  const onVisibility = () => (document.visibilityState === 'hidden' ? disconnect() : connect());

  document.addEventListener('visibilitychange', onVisibility);
  onVisibility();
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    disconnect();
  };
}
