import { ArrowLeft } from 'lucide-react';
import { conversationDisplayName, type ChatConversation } from '@shared/schemas/chat';
import { CannedReplyTextarea } from '@/features/canned-replies/components/canned-reply-textarea';
import { Composer } from '@/features/chat/components/composer';
import { ConnectionIndicator } from '@/features/chat/components/connection-indicator';
import { formatChatTime } from '@/features/chat/components/format-time';
import { MessageList, type ThreadNote } from '@/features/chat/components/message-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ChatConnectionStatus } from '@/lib/live/chat-socket';
import type { ChatThread } from '@/features/chat/chat-thread';
import { ChatSurvey } from './chat-survey';
import { VisitorContextBar } from './visitor-context-bar';

interface ConversationWindowProps {
  conversation: ChatConversation | undefined;
  missing: boolean;
  status: ChatConnectionStatus;
  thread: ChatThread;
  visitorTyping: boolean;
  closing: boolean;
  onClose(): void;
  onBack(): void;
  onSend(text: string): boolean;
  onRetry(clientId: string): void;
  onTyping(isTyping: boolean): void;
}

/**
 * The chat's record lines (decision 192): a missed first response, as the service-level engine recorded it — when
 * the reply was due and who held the chat — placed in the conversation at the time it was due. Staff only.
 */
export function chatRecordNotes(conversation: Pick<ChatConversation, 'slaBreach'>, now = new Date()): ThreadNote[] {
  const breach = conversation.slaBreach;
  if (!breach) return [];
  const holder = breach.holderName ? `Assigned to ${breach.holderName}.` : 'Nobody was assigned.';
  return [
    {
      key: 'sla-breach',
      at: breach.dueAt,
      text: `First response target missed: it was due ${formatChatTime(breach.dueAt, now)}. ${holder}`,
    },
  ];
}

/** Spec §2: connection dot, Close button, messages aligned by sender, input with Enter to send, Send button. */
export function ConversationWindow(props: ConversationWindowProps) {
  const { conversation, status } = props;
  if (!conversation || props.missing) {
    return (
      <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-slate-600">
        {props.missing ? 'This conversation no longer exists.' : 'Select a conversation to start chatting.'}
      </div>
    );
  }
  const name = conversationDisplayName(conversation);
  const closed = conversation.status === 'closed';
  return (
    <section aria-label={`Conversation with ${name}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div className="flex min-w-0 items-center gap-2">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Back to conversations"
            onClick={props.onBack}
          >
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Button>
          <ConnectionIndicator status={status} />
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
            {conversation.visitorEmail ? (
              <a
                href={`mailto:${conversation.visitorEmail}`}
                className="truncate text-sm text-blue-700 hover:underline"
              >
                {conversation.visitorEmail}
              </a>
            ) : (
              <p className="text-sm text-slate-600">No email given</p>
            )}
          </div>
          <Badge variant={closed ? 'neutral' : 'success'}>{closed ? 'Closed' : 'Active'}</Badge>
        </div>
        <Button variant="outline" size="sm" onClick={props.onClose} disabled={closed || props.closing}>
          {props.closing ? 'Closing...' : 'Close'}
        </Button>
      </header>
      <VisitorContextBar
        conversationId={conversation.id}
        visitor={{ name: conversation.visitorName, email: conversation.visitorEmail }}
      />
      <MessageList
        className="min-h-0 flex-1"
        messages={props.thread.messages}
        notes={chatRecordNotes(conversation)}
        outbox={props.thread.outbox}
        own="admin"
        otherName={name}
        onRetry={props.onRetry}
        typingLabel={props.visitorTyping && !closed ? `${name} is typing…` : null}
        emptyText="No messages yet."
        showSeen
      />
      {closed ? (
        <>
          <p className="border-t border-slate-200 p-3 text-center text-sm text-slate-600">
            This conversation is closed.
          </p>
          <ChatSurvey key={conversation.id} conversationId={conversation.id} />
        </>
      ) : (
        <Composer
          disabled={status !== 'open'}
          onSend={props.onSend}
          onTyping={props.onTyping}
          placeholder={status === 'open' ? 'Type your reply…' : 'Connecting…'}
          renderInput={(input) => <CannedReplyTextarea {...input} context={{ chatId: conversation.id }} />}
        />
      )}
    </section>
  );
}
