import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { otherSide } from '@shared/chat';
import type { ServerFrame } from '@shared/schemas/chat-frames';
import { useChatConnection } from '@/features/chat/hooks/use-chat-connection';
import {
  pageIsVisible,
  useChatThread,
  useTypingIndicator,
  useWhenPageVisible,
  type SendMessage,
} from '@/features/chat/hooks/use-chat-thread';
import { conversationsQueryKey, upsertConversation } from '../api/conversations';
import type { StaffChatNotifications } from '../notifications';

/**
 * The staff console's socket: the live feed of conversations (kept in the
 * list's query cache) and the one conversation being answered.
 */
export function useStaffChat(notifications: StaffChatNotifications = {}) {
  const queryClient = useQueryClient();
  const thread = useChatThread();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [visitorTyping, setVisitorTyping] = useTypingIndicator();
  const [missing, setMissing] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const notificationsRef = useRef(notifications);
  const selectedRef = useRef(selectedId);
  const connectedBefore = useRef(false);
  useEffect(() => {
    notificationsRef.current = notifications;
    selectedRef.current = selectedId;
  });

  const onFrame = (frame: ServerFrame) => {
    const selected = selectedRef.current;
    switch (frame.type) {
      case 'conversation': {
        upsertConversation(queryClient, frame.conversation);
        const notify = notificationsRef.current;
        if (frame.reason === 'created') notify.onNewConversation?.(frame.conversation);
        if (frame.reason === 'message' && frame.message?.senderType === 'visitor') {
          notify.onVisitorMessage?.(frame.conversation, frame.message);
        }
        if (frame.reason === 'closed') notify.onConversationClosed?.(frame.conversation);
        return;
      }
      case 'feed_reset':
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
        return;
      case 'history':
        if (frame.conversation.id !== selected) return;
        thread.history(frame.messages, sendMessage);
        upsertConversation(queryClient, frame.conversation);
        if (frame.conversation.unreadCount > 0) markSeen(selected);
        return;
      case 'ack':
      case 'new_message':
        if (frame.message.conversationId !== selected) return;
        thread.message(frame.message);
        if (frame.message.senderType === 'visitor') {
          setVisitorTyping(false);
          markSeen(selected);
        }
        return;
      case 'typing':
        if (frame.conversationId === selected && frame.senderType === 'visitor') setVisitorTyping(frame.isTyping);
        return;
      case 'read':
        if (frame.conversationId !== selected) return;
        thread.read(otherSide(frame.readerType), frame.upToId);
        return;
      case 'error':
        if (frame.clientId) thread.failed(frame.clientId, frame.message);
        else if (frame.code === 'not_found' && frame.conversationId === selected) setMissing(selected);
        return;
      default:
        return;
    }
  };

  const connection = useChatConnection(true, {
    onOpen(send) {
      send({ type: 'staff_feed' });
      // Anything may have changed while we were away: reload the list.
      if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      connectedBefore.current = true;
      const id = selectedRef.current;
      if (id) join(id);
    },
    onFrame,
    // Logged out elsewhere, or no longer staff: the server will not take this console back.
    onFinalClose: () => setEnded(true),
  });

  const sendMessage: SendMessage = (message, clientId) => {
    const id = selectedRef.current;
    return id
      ? connection.send({ type: 'message', conversationId: id, message, senderType: 'admin', clientId })
      : false;
  };

  /** Joins a conversation, after the messages already shown (none right after selecting it). */
  function join(id: string) {
    const afterId = thread.resumeFrom();
    connection.send({ type: 'join', conversationId: id, isAdmin: true, ...(afterId ? { afterId } : {}) });
  }

  function markSeen(id: string) {
    if (pageIsVisible()) connection.send({ type: 'read', conversationId: id });
  }
  // Back on the tab: what arrived meanwhile in the open conversation is now seen (the server ignores a no-op).
  useWhenPageVisible(() => {
    if (selectedRef.current) markSeen(selectedRef.current);
  });

  return {
    status: connection.status,
    ended,
    selectedId,
    missing: missing !== null && missing === selectedId,
    thread: thread.thread,
    visitorTyping,
    select(id: string) {
      if (id === selectedRef.current) return;
      const previous = selectedRef.current;
      if (previous) connection.send({ type: 'leave', conversationId: previous });
      selectedRef.current = id;
      setSelectedId(id);
      setVisitorTyping(false);
      thread.reset();
      join(id);
      notificationsRef.current.onSelectionChange?.(id);
    },
    deselect() {
      const previous = selectedRef.current;
      if (previous) connection.send({ type: 'leave', conversationId: previous });
      selectedRef.current = null;
      setSelectedId(null);
      thread.reset();
      notificationsRef.current.onSelectionChange?.(null);
    },
    send(text: string): boolean {
      if (connection.status !== 'open' || !selectedRef.current) return false;
      thread.send(text, sendMessage);
      return true;
    },
    retry: (clientId: string) => thread.retry(clientId, sendMessage),
    typing(isTyping: boolean) {
      const id = selectedRef.current;
      if (id) connection.send({ type: 'typing', conversationId: id, isTyping });
    },
  };
}
