import { useState } from 'react';
import type { ChatConversation } from '@shared/schemas/chat';
import { useChatConversation } from '@/features/chat/hooks/use-chat-conversation';
import { useWhenPageVisible } from '@/features/chat/hooks/use-chat-thread';

/**
 * The visitor's live conversation: the shared conversation hook on the
 * visitor's side, plus staff presence and the closed state.
 */
export function useVisitorChat(initial: ChatConversation) {
  const [conversation, setConversation] = useState(initial);
  const [staffOnline, setStaffOnline] = useState<boolean | null>(null);
  const [gone, setGone] = useState(false);
  /** "How did we do?", asked by the server when staff closed the chat while the widget was open (decision 191). */
  const [survey, setSurvey] = useState<{ token: string; question: string } | null>(null);

  const chat = useChatConversation({
    own: 'visitor',
    initialId: initial.id,
    onHistory(frame) {
      setConversation(frame.conversation);
      if (frame.messages.some((m) => m.senderType === 'admin' && !m.isRead)) chat.markSeen();
    },
    onFrame(frame) {
      switch (frame.type) {
        case 'conversation_closed':
          setConversation((c) => ({ ...c, status: 'closed', closedAt: frame.closedAt }));
          return;
        case 'survey':
          if (frame.conversationId === initial.id) setSurvey({ token: frame.token, question: frame.question });
          return;
        case 'presence':
          setStaffOnline(frame.staffOnline);
          return;
        case 'error':
          if (frame.code === 'conversation_closed') setConversation((c) => ({ ...c, status: 'closed' }));
          return;
        default:
          return;
      }
    },
    // The conversation is no longer this session's (e.g. after logging out): offer a new one.
    onFinalClose: () => setGone(true),
  });

  useWhenPageVisible(() => {
    if (chat.thread.messages.some((m) => m.senderType === 'admin' && !m.isRead)) chat.markSeen();
  });

  return {
    status: chat.status,
    thread: chat.thread,
    conversation,
    setConversation,
    staffOnline,
    staffTyping: chat.otherTyping,
    survey,
    /** Who answers: the name on the latest staff reply (null before the first one). */
    staffName:
      [...chat.thread.messages].reverse().find((m) => m.senderType === 'admin' && m.senderName)?.senderName ?? null,
    gone,
    send: (text: string): boolean => conversation.status !== 'closed' && chat.send(text),
    retry: chat.retry,
    typing: chat.typing,
  };
}
