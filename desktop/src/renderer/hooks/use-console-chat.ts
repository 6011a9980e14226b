import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { conversationDisplayName } from '@shared/schemas/chat';
import { userQueryKey } from '@/features/auth/api/use-user';
import type { ChatConnectionStatus } from '@/lib/live/chat-socket';
import { useUnreadTotal } from '@/features/staff-chat/api/conversations';
import type { StaffChatConsoleProps } from '@/features/staff-chat/components/staff-chat-console';
import type { ConsoleCommand, OpenConversationRequest } from '@/features/staff-chat/notifications';
import { desktop } from '../bridge';
import { useCatchUp } from './use-catch-up';

export const CHAT_PATH = '/admin/chat';

/**
 * Connects the web's staff chat console to the desktop: chat activity goes
 * to the main process (which decides about notifications), the open
 * conversation is kept up to date there, and a clicked notification opens its
 * conversation here. The unread total goes into the attention count
 * (use-item-alerts.ts).
 */
export function useConsoleChat(onChatScreen: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [openRequest, setOpenRequest] = useState<OpenConversationRequest | null>(null);
  const [command, setCommand] = useState<ConsoleCommand | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [status, setStatus] = useState<ChatConnectionStatus>('connecting');
  const unread = useUnreadTotal();

  useCatchUp(
    status,
    useCallback((summary) => void desktop.catchUp(summary), []),
  );

  useEffect(
    () =>
      desktop.onShortcut((action) => {
        navigate(CHAT_PATH);
        setCommand((previous) => ({ action, seq: (previous?.seq ?? 0) + 1 }));
      }),
    [navigate],
  );

  // Cut off: ask the server who we are. A session it no longer knows brings back the login screen (session-gate).
  useEffect(() => {
    if (status === 'reconnecting') void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [status, queryClient]);

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

  const consoleProps = useMemo<StaffChatConsoleProps>(
    () => ({
      openRequest,
      command,
      // Staff read what is on screen in the focused window only: a console left visible behind others reads nothing.
      requireFocus: true,
      onConnectionChange: setStatus,
      // The server ended this session: the gate asks who we are and shows the login screen.
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: userQueryKey }),
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
    [openRequest, command, queryClient],
  );

  return { consoleProps, unread, disconnected: status === 'reconnecting' || status === 'closed' };
}
