import { useEffect } from 'react';
import type { ChatConversation } from '@shared/schemas/chat';
import { Composer } from '@/features/chat/components/composer';
import { MessageList } from '@/features/chat/components/message-list';
import { RatingForm } from '@/components/feedback/rating-form';
import { Button } from '@/components/ui/button';
import type { ChatConnectionStatus } from '@/lib/live/chat-socket';
import { useVisitorChat } from '../hooks/use-visitor-chat';
import { AwayNotice } from './away-notice';
import { LeaveEmailForm } from './leave-email-form';

interface VisitorChatProps {
  conversation: ChatConversation;
  onStatus(status: ChatConnectionStatus): void;
  /** The conversation ended or is no longer ours: offer a new one. */
  onStartOver(): void;
}

/** The live conversation in the widget: messages, away mode, and the input. */
export function VisitorChat({ conversation: initial, onStatus, onStartOver }: VisitorChatProps) {
  const chat = useVisitorChat(initial);
  const { conversation } = chat;
  const closed = conversation.status === 'closed';
  useEffect(() => onStatus(chat.status), [chat.status, onStatus]);

  if (chat.gone) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700">
        <p>This chat is no longer available.</p>
        <Button onClick={onStartOver}>Start a new chat</Button>
      </div>
    );
  }

  return (
    <>
      <MessageList
        className="flex-1"
        messages={chat.thread.messages}
        outbox={chat.thread.outbox}
        own="visitor"
        otherName={chat.staffName ?? 'Support'}
        onRetry={chat.retry}
        typingLabel={chat.staffTyping && !closed ? `${chat.staffName ?? 'Support'} is typing…` : null}
        emptyText={`Hi ${conversation.visitorName}! Send us a message and we'll reply here.`}
      >
        {chat.staffOnline === false && !closed ? (
          <AwayNotice>
            {conversation.visitorEmail ? (
              <p>We&apos;ll reply to {conversation.visitorEmail}.</p>
            ) : (
              <LeaveEmailForm conversationId={conversation.id} onSaved={chat.setConversation} />
            )}
          </AwayNotice>
        ) : null}
      </MessageList>
      {closed ? (
        <div className="flex flex-col items-center gap-2 border-t border-slate-200 p-3 text-center text-sm text-slate-700">
          <p>This chat has been closed by our team. Thank you for reaching out!</p>
          {chat.survey ? (
            <div className="w-full rounded-md border border-slate-200 bg-slate-50 p-3 text-left">
              <RatingForm token={chat.survey.token} compact />
            </div>
          ) : null}
          <Button size="sm" variant="outline" onClick={onStartOver}>
            Start a new chat
          </Button>
        </div>
      ) : (
        <Composer
          disabled={chat.status !== 'open'}
          onSend={chat.send}
          onTyping={chat.typing}
          placeholder={chat.status === 'open' ? 'Type your message…' : 'Connecting…'}
        />
      )}
    </>
  );
}
