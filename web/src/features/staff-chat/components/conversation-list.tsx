import { useEffect, useState } from 'react';
import { conversationActivity, conversationDisplayName, type ChatConversation } from '@shared/schemas/chat';
import { SLA_STATE_LABELS } from '@shared/schemas/sla-states';
import { formatChatTime } from '@/features/chat/components/format-time';
import { PriorityBadge } from '@/components/console/assignment';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { chatReplyDue } from '@/lib/sla';

/** When staff's first reply is due, or how late it is (service levels, decision 192); refreshed each half minute. */
function ChatReplyDue({ conversation }: { conversation: ChatConversation }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const due = chatReplyDue(conversation, now);
  if (!due) return null;
  const state =
    conversation.slaState === 'at_risk' || conversation.slaState === 'breached' ? conversation.slaState : null;
  return (
    <span className="flex items-center gap-1" data-testid="chat-sla">
      {state ? <Badge variant={state === 'breached' ? 'danger' : 'warning'}>{SLA_STATE_LABELS[state]}</Badge> : null}
      <span className={cn(due.overdue ? 'font-semibold text-red-700' : 'text-slate-600')}>{due.text}</span>
    </span>
  );
}

interface ConversationListProps {
  conversations: ChatConversation[];
  selectedId: string | null;
  onSelect(id: string): void;
  isLoading: boolean;
  error: boolean;
  onRetry(): void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  /** Said when the list is empty (a filtered list says what it looked for). */
  emptyText?: string;
}

/**
 * Spec §2: visitor name or "Anonymous", status badge (active highlighted), email, last message time, unread count;
 * and (issue 26) the last message's preview, the priority (unless normal) and who answers it.
 */
export function ConversationList(props: ConversationListProps) {
  const { conversations, selectedId, onSelect } = props;
  if (props.isLoading) return <Spinner className="py-12" label="Loading conversations" />;
  if (props.error) {
    return (
      <div className="flex flex-col items-center gap-3 p-6 text-center text-sm text-slate-700">
        <p>Conversations could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={props.onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (conversations.length === 0) {
    return <p className="p-6 text-center text-sm text-slate-600">{props.emptyText ?? 'No conversations yet.'}</p>;
  }
  return (
    <div className="flex flex-col">
      <ul aria-label="Conversations" className="divide-y divide-slate-200">
        {conversations.map((conversation) => {
          const selected = conversation.id === selectedId;
          const name = conversationDisplayName(conversation);
          return (
            <li key={conversation.id}>
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(conversation.id)}
                className={cn(
                  'flex w-full cursor-pointer flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-offset-[-2px]',
                  selected && 'bg-blue-50 hover:bg-blue-50',
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-semibold text-slate-900">{name}</span>
                  <Badge variant={conversation.status === 'active' ? 'success' : 'neutral'}>
                    {conversation.status === 'active' ? 'Active' : 'Closed'}
                  </Badge>
                </span>
                <span className="truncate text-sm text-slate-600">{conversation.visitorEmail ?? 'No email given'}</span>
                {conversation.lastMessage ? (
                  <span className="truncate text-sm text-slate-800" data-preview>
                    {conversation.lastMessage.senderType === 'admin' ? 'You: ' : ''}
                    {conversation.lastMessage.message}
                  </span>
                ) : null}
                <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
                  <PriorityBadge priority={conversation.priority} quiet />
                  {conversation.assignee ? (
                    <span>Assigned to {conversation.assignee.name}</span>
                  ) : (
                    <span>Unassigned</span>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                  <time dateTime={conversationActivity(conversation)}>
                    {formatChatTime(conversationActivity(conversation))}
                  </time>
                  <ChatReplyDue conversation={conversation} />
                  {conversation.unreadCount > 0 ? (
                    <span className="rounded-full bg-blue-700 px-2 py-0.5 font-semibold text-white">
                      {conversation.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {props.hasMore ? (
        <Button variant="ghost" size="sm" className="m-2" onClick={props.onLoadMore} disabled={props.loadingMore}>
          {props.loadingMore ? 'Loading...' : 'Show older conversations'}
        </Button>
      ) : null}
    </div>
  );
}
