import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { conversationDisplayName } from '@shared/schemas/chat';
import { useUnreadTotal } from '@/features/staff-chat/api/conversations';
import type { StaffChatConsoleProps } from '@/features/staff-chat/components/staff-chat-console';
import type { OpenConversationRequest } from '@/features/staff-chat/notifications';
import { desktop } from '../bridge';

export const CHAT_PATH = '/admin/chat';

/**
 * Connects the web's staff chat console to the desktop: chat activity goes
 * to the main process (which decides about notifications), the open
 * conversation and unread total are kept up to date there, and a clicked
 * notification opens its conversation here.
 */
export function useConsoleChat(onChatScreen: boolean) {
  const navigate = useNavigate();
  const [openRequest, setOpenRequest] = useState<OpenConversationRequest | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const unread = useUnreadTotal();

  useEffect(
    () =>
      desktop.onOpenConversation((conversationId) => {
        navigate(CHAT_PATH);
        setOpenRequest((previous) => ({ conversationId, seq: (previous?.seq ?? 0) + 1 }));
      }),
    [navigate],
  );

  // Only a conversation on screen counts as open: on the /admin screen none is.
  const openId = onChatScreen ? selectedId : null;
  useEffect(() => {
    void desktop.conversationOpened(openId);
  }, [openId]);

  useEffect(() => {
    void desktop.setUnreadCount(unread);
  }, [unread]);

  const consoleProps = useMemo<StaffChatConsoleProps>(
    () => ({
      openRequest,
      onNewConversation: (conversation) =>
        void desktop.newConversation({
          conversationId: conversation.id,
          visitorName: conversationDisplayName(conversation),
        }),
      onVisitorMessage: (conversation, message) =>
        void desktop.visitorMessage({
          conversationId: conversation.id,
          visitorName: conversationDisplayName(conversation),
          text: message.message,
        }),
      onConversationClosed: (conversation) => void desktop.conversationClosed(conversation.id),
      onSelectionChange: setSelectedId,
    }),
    [openRequest],
  );

  return { consoleProps, unread };
}
