import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ChatConversation } from '@shared/schemas/chat';
import type { SlaFilter } from '@shared/schemas/sla-states';
import type { Priority } from '@shared/schemas/support';
import { useConversations, flattenConversations, type ConversationFilters } from '../api/conversations';
import { useCloseConversation } from '../api/close-conversation';
import { useStaffChat } from '../hooks/use-staff-chat';
import type { ConsoleCommand, OpenConversationRequest, StaffChatNotifications } from '../notifications';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useStaffUserId } from '@/lib/staff-role';
import { type AssignmentView, assigneeOf } from '@/components/console/assignment';
import { ChatListFilters, type ChatTab } from './chat-list-filters';
import { readChatSlaFilter } from './chat-list-params';
import { ChatTriageBar } from './chat-triage-bar';
import { ConversationList } from './conversation-list';
import { ConversationWindow } from './conversation-window';

export interface StaffChatConsoleProps extends StaffChatNotifications {
  /** Open this conversation (the desktop console, when a notification is clicked). */
  openRequest?: OpenConversationRequest | null;
  /** Mark messages read only while the window has the focus (the desktop console). */
  requireFocus?: boolean;
  /** Move to the next or previous conversation, or into the reply box (the desktop console's shortcuts). */
  command?: ConsoleCommand | null;
}

/**
 * The staff chat console (spec §2 "Customer Chat"): the live conversation
 * list one third wide and the chat window, 600 px high. It talks to the API
 * and socket as configured (lib/api-client, lib/live/chat-socket), so the desktop
 * console renders it unchanged and passes notification callbacks.
 */
export function StaffChatConsole({
  openRequest,
  requireFocus = false,
  command,
  ...notifications
}: StaffChatConsoleProps) {
  const chat = useStaffChat(notifications, requireFocus);
  const me = useStaffUserId();
  // Open or closed apart, whose (Mine / Unassigned / All), how urgent, and a search (issue 26).
  const [tab, setTab] = useState<ChatTab>('all');
  const [view, setView] = useState<AssignmentView>('all');
  const [priority, setPriority] = useState<Priority | ''>('');
  const [q, setQ] = useState('');
  // The service-level filter is in the URL (/admin/chat?sla=breached: the dashboard's cards open it).
  const [params, setParams] = useSearchParams();
  const sla = readChatSlaFilter(useLocation().pathname, params);
  const setSla = (value: SlaFilter | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('sla', value);
      else next.delete('sla');
      return next;
    });
  const filters: ConversationFilters = {
    ...(tab !== 'all' ? { status: tab } : {}),
    ...(assigneeOf(view, me) ? { assigneeId: assigneeOf(view, me)! } : {}),
    ...(priority ? { priority } : {}),
    ...(q ? { q } : {}),
    ...(sla ? { sla } : {}),
  };
  const list = useConversations(filters);
  // A link to one chat (/admin/chat?conversation=…, e.g. an "assigned to you" notification) opens it.
  const linked = params.get('conversation');
  const container = useRef<HTMLDivElement>(null);
  const select = useRef(chat.select);
  useEffect(() => {
    select.current = chat.select;
  });
  const requestSeq = openRequest?.seq;
  const requestedId = openRequest?.conversationId;
  // Each request (a new seq) opens its conversation once.
  useEffect(() => {
    if (requestedId) select.current(requestedId);
  }, [requestSeq, requestedId]);
  useEffect(() => {
    if (linked) select.current(linked);
  }, [linked]);
  const close = useCloseConversation();
  const conversations = flattenConversations(list.data);
  // The open chat stays on screen when it leaves the list shown (closed under Open, given to someone else…).
  const [lastSelected, setLastSelected] = useState<ChatConversation | undefined>(undefined);
  const listed = conversations.find((c) => c.id === chat.selectedId);
  if (listed && listed !== lastSelected) setLastSelected(listed);
  // A change heard of the open chat (live, or read again on a service-level event) also counts when the change
  // takes it out of the list shown (a breach under "At risk").
  const heard = chat.openConversation;
  const [lastHeard, setLastHeard] = useState(heard);
  if (heard !== lastHeard) {
    setLastHeard(heard);
    if (heard) setLastSelected(heard);
  }
  const selected = listed ?? (lastSelected?.id === chat.selectedId ? lastSelected : undefined);

  const latest = useRef({ conversations, selectedId: chat.selectedId });
  useEffect(() => {
    latest.current = { conversations, selectedId: chat.selectedId };
  });
  const commandSeq = command?.seq;
  const commandAction = command?.action;
  // Each command (a new seq) runs once, on the list as it is then.
  useEffect(() => {
    if (!commandAction) return;
    if (commandAction === 'focus-reply') {
      container.current?.querySelector<HTMLTextAreaElement>('[data-chat-composer] textarea')?.focus();
      return;
    }
    const { conversations: list, selectedId } = latest.current;
    if (list.length === 0) return;
    const at = list.findIndex((c) => c.id === selectedId);
    const step = commandAction === 'next-conversation' ? 1 : -1;
    const next = at === -1 ? (step === 1 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, at + step));
    const target = list[next];
    if (target && target.id !== selectedId) select.current(target.id);
  }, [commandSeq, commandAction]);

  if (chat.ended) {
    return (
      <Card className="flex h-[600px] flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-slate-700">Your staff session has ended. Please log in again to keep answering chats.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Card>
    );
  }

  return (
    <Card ref={container} className="grid h-[600px] grid-cols-1 overflow-hidden md:grid-cols-3">
      <div
        className={cn(
          'min-h-0 overflow-y-auto border-slate-200 md:col-span-1 md:block md:border-r',
          chat.selectedId ? 'hidden' : 'block',
        )}
      >
        <ChatListFilters
          tab={tab}
          onTab={setTab}
          view={view}
          onView={setView}
          priority={priority}
          onPriority={setPriority}
          sla={sla}
          onSla={setSla}
          onSearch={setQ}
        />
        <ConversationList
          conversations={conversations}
          selectedId={chat.selectedId}
          onSelect={chat.select}
          isLoading={list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          emptyText={
            sla
              ? `No open chats ${sla === 'breached' ? 'past' : 'at risk of missing'} their first-response target.`
              : undefined
          }
        />
      </div>
      <div className={cn('min-h-0 flex-col md:col-span-2 md:flex', chat.selectedId ? 'flex' : 'hidden')}>
        {selected ? <ChatTriageBar conversation={selected} /> : null}
        <ConversationWindow
          conversation={selected}
          missing={chat.missing}
          status={chat.status}
          thread={chat.thread}
          visitorTyping={chat.visitorTyping}
          closing={close.isPending}
          onClose={() => selected && close.mutate(selected.id)}
          onBack={() => chat.deselect()}
          onSend={chat.send}
          onRetry={chat.retry}
          onTyping={chat.typing}
        />
      </div>
    </Card>
  );
}
