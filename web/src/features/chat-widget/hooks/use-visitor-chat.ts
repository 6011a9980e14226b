import { useState } from 'react';
import { otherSide } from '@shared/chat';
import type { ChatConversation } from '@shared/schemas/chat';
import type { ServerFrame } from '@shared/schemas/chat-frames';
import { useChatConnection } from '@/features/chat/hooks/use-chat-connection';
import {
  pageIsVisible,
  useChatThread,
  useTypingIndicator,
  useWhenPageVisible,
  type SendMessage,
} from '@/features/chat/hooks/use-chat-thread';

/**
 * The visitor's live conversation: joins it on every (re)connection with the
 * last message it has, resends what was not acknowledged, and keeps the
 * presence, typing and closed state.
 */
export function useVisitorChat(initial: ChatConversation) {
  const conversationId = initial.id;
  const thread = useChatThread();
  const [conversation, setConversation] = useState(initial);
  const [staffOnline, setStaffOnline] = useState<boolean | null>(null);
  const [staffTyping, setStaffTyping] = useTypingIndicator();
  const [gone, setGone] = useState(false);

  const onFrame = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'history':
        thread.history(frame.messages, sendMessage);
        setConversation(frame.conversation);
        if (frame.messages.some((m) => m.senderType === 'admin' && !m.isRead)) markSeen();
        return;
      case 'ack':
      case 'new_message':
        if (frame.message.conversationId !== conversationId) return;
        thread.message(frame.message);
        if (frame.message.senderType === 'admin') {
          setStaffTyping(false);
          markSeen();
        }
        return;
      case 'typing':
        if (frame.senderType === 'admin') setStaffTyping(frame.isTyping);
        return;
      case 'read':
        // Someone read the other side's messages: staff ours, or we (in another tab) theirs.
        thread.read(otherSide(frame.readerType), frame.upToId);
        return;
      case 'conversation_closed':
        setConversation((c) => ({ ...c, status: 'closed', closedAt: frame.closedAt }));
        return;
      case 'presence':
        setStaffOnline(frame.staffOnline);
        return;
      case 'error':
        if (frame.code === 'conversation_closed') setConversation((c) => ({ ...c, status: 'closed' }));
        if (frame.clientId) thread.failed(frame.clientId, frame.message);
        return;
      default:
        return;
    }
  };

  const connection = useChatConnection(true, {
    onOpen(send) {
      const afterId = thread.resumeFrom();
      send({ type: 'join', conversationId, isAdmin: false, ...(afterId ? { afterId } : {}) });
    },
    onFrame,
    // The conversation is no longer this session's (e.g. after logging out): offer a new one.
    onFinalClose: () => setGone(true),
  });

  const sendMessage: SendMessage = (message, clientId) =>
    connection.send({ type: 'message', conversationId, message, senderType: 'visitor', clientId });

  function markSeen() {
    if (pageIsVisible()) connection.send({ type: 'read', conversationId });
  }
  useWhenPageVisible(() => {
    if (thread.thread.messages.some((m) => m.senderType === 'admin' && !m.isRead)) markSeen();
  });

  return {
    status: connection.status,
    thread: thread.thread,
    conversation,
    setConversation,
    staffOnline,
    staffTyping,
    gone,
    send(text: string): boolean {
      if (connection.status !== 'open' || conversation.status === 'closed') return false;
      thread.send(text, sendMessage);
      return true;
    },
    retry: (clientId: string) => thread.retry(clientId, sendMessage),
    typing: (isTyping: boolean) => connection.send({ type: 'typing', conversationId, isTyping }),
  };
}
