import { useEffect, useRef } from 'react';
import type { ChatConversation } from '@shared/schemas/chat';
import type { ChatConnectionStatus } from '@/lib/live/chat-socket';
import { flattenConversations, useConversations } from '@/features/staff-chat/api/conversations';
import type { CatchUpEvent } from '../../common/ipc-channels';

/** What arrived between two views of the conversation list (before a disconnect, after the reconnect). */
export function catchUpSummary(before: ReadonlyMap<string, number>, after: readonly ChatConversation[]): CatchUpEvent {
  let newConversations = 0;
  let newMessages = 0;
  const openConversationIds: string[] = [];
  for (const conversation of after) {
    if (conversation.status !== 'closed') openConversationIds.push(conversation.id);
    const unreadBefore = before.get(conversation.id);
    if (unreadBefore === undefined && conversation.status !== 'closed') newConversations += 1;
    newMessages += Math.max(0, conversation.unreadCount - (unreadBefore ?? 0));
  }
  return { newConversations, newMessages, openConversationIds };
}

/**
 * After a reconnect, tells the main process once what arrived while the
 * console was cut off (it raises one summary notification, never a burst)
 * and which conversations are still open (reminders for the others stop).
 * The list is compared as it was when the connection dropped with the list
 * reloaded after it came back.
 */
export function useCatchUp(status: ChatConnectionStatus, report: (summary: CatchUpEvent) => void): void {
  const list = useConversations();
  const conversations = flattenConversations(list.data);
  const latest = useRef(conversations);
  useEffect(() => {
    latest.current = conversations;
  });
  const wasOpen = useRef(false);
  const before = useRef<Map<string, number> | null>(null);
  const reconnectedAt = useRef<number | null>(null);

  useEffect(() => {
    if (status === 'open') {
      if (before.current) reconnectedAt.current = Date.now();
      wasOpen.current = true;
    } else if (wasOpen.current && !before.current) {
      before.current = new Map(latest.current.map((c) => [c.id, c.unreadCount]));
    }
  }, [status]);

  const { dataUpdatedAt, isFetching } = list;
  useEffect(() => {
    const snapshot = before.current;
    const since = reconnectedAt.current;
    if (!snapshot || since === null || status !== 'open' || isFetching || dataUpdatedAt < since) return;
    before.current = null;
    reconnectedAt.current = null;
    report(catchUpSummary(snapshot, latest.current));
  }, [dataUpdatedAt, isFetching, status, report]);
}
