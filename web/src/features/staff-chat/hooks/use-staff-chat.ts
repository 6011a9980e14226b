import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChatConversation, ChatVisitorContext } from '@shared/schemas/chat';
import { apiJson } from '@/lib/api-client';
import { useChatConversation } from '@/features/chat/hooks/use-chat-conversation';
import { useWhenPageVisible } from '@/features/chat/hooks/use-chat-thread';
import { useStaffEvents } from '@/lib/live/staff-events';
import { conversationsQueryKey, upsertConversation } from '../api/conversations';
import { visitorContextQueryKey } from '../api/visitor-context';
import type { StaffChatNotifications } from '../notifications';

/**
 * The staff console's socket: the live feed of conversations (kept in the
 * list's query cache) and the one conversation being answered, through the
 * shared conversation hook on staff's side.
 */
export function useStaffChat(notifications: StaffChatNotifications = {}, requireFocus = false) {
  const queryClient = useQueryClient();
  const [missing, setMissing] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const notificationsRef = useRef(notifications);
  const connectedBefore = useRef(false);
  // The open conversation as last heard of, for when it is not in the list shown (filtered out since).
  const [openLatest, setOpenLatest] = useState<ChatConversation | null>(null);
  useEffect(() => {
    notificationsRef.current = notifications;
  });
  /** A conversation as it is now: into every list it belongs in, and kept if it is the open one. */
  const apply = (conversation: ChatConversation) => {
    upsertConversation(queryClient, conversation);
    if (conversation.id === chat.openId()) setOpenLatest(conversation);
  };

  const chat = useChatConversation({
    own: 'admin',
    initialId: null,
    onOpen(send) {
      send({ type: 'staff_feed' });
      // Anything may have changed while we were away: reload the list.
      if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      connectedBefore.current = true;
    },
    onHistory(frame) {
      apply(frame.conversation);
      if (frame.conversation.unreadCount > 0) chat.markSeen();
    },
    onFrame(frame) {
      switch (frame.type) {
        case 'conversation': {
          // A new message is the list's preview (the summary was read as it was stored).
          apply(
            frame.message
              ? {
                  ...frame.conversation,
                  lastMessage: { message: frame.message.message.slice(0, 140), senderType: frame.message.senderType },
                }
              : frame.conversation,
          );
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
        case 'visitor_context':
          // The visitor moved to another page (or the chat became a ticket). A chat made into a ticket stays linked
          // to it: a context sent before the ticket was made, arriving after the console learnt of the ticket, must
          // not hide its link (seen under load in the browser test).
          queryClient.setQueryData<ChatVisitorContext>(
            visitorContextQueryKey(frame.context.conversationId),
            (known) => ({
              ...frame.context,
              serviceRequestId: frame.context.serviceRequestId ?? known?.serviceRequestId ?? null,
            }),
          );
          return;
        case 'error':
          if (!frame.clientId && frame.code === 'not_found' && frame.conversationId === chat.openId()) {
            setMissing(frame.conversationId);
          }
          return;
        default:
          return;
      }
    },
    // Logged out elsewhere, or no longer staff: the server will not take this console back.
    onFinalClose: () => {
      setEnded(true);
      notificationsRef.current.onSessionEnded?.();
    },
    requireFocus,
  });

  // A chat went at risk or breached (decisions 192, 204): no chat frame says so, so it is read again — its state
  // moves it between the filtered lists, and the open one shows its breach. Events missed: every list is read again.
  useStaffEvents(['chat.sla_at_risk', 'chat.sla_breached'], (event) => {
    if (!event) {
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      return;
    }
    apiJson<ChatConversation>('GET', `/api/chat/conversations/${encodeURIComponent(event.id)}`).then(apply, () => {
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    });
  });

  const status = chat.status;
  useEffect(() => {
    notificationsRef.current.onConnectionChange?.(status);
  }, [status]);

  // Back on the tab: what arrived meanwhile in the open conversation is now seen (the server ignores a no-op).
  useWhenPageVisible(() => chat.markSeen(), requireFocus);

  return {
    status: chat.status,
    ended,
    selectedId: chat.conversationId,
    /** The open conversation as last heard of (null before anything was heard of it since it was opened). */
    openConversation: openLatest?.id === chat.conversationId ? openLatest : null,
    missing: missing !== null && missing === chat.conversationId,
    thread: chat.thread,
    visitorTyping: chat.otherTyping,
    select(id: string) {
      if (chat.open(id)) notificationsRef.current.onSelectionChange?.(id);
    },
    deselect() {
      chat.close();
      notificationsRef.current.onSelectionChange?.(null);
    },
    send: chat.send,
    retry: chat.retry,
    typing: chat.typing,
  };
}
