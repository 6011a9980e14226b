import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ChatConversation } from '@shared/schemas/chat';
import { ConnectionIndicator } from '@/features/chat/components/connection-indicator';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import type { ChatConnectionStatus } from '@/lib/live/chat-socket';
import { usePublicBusinessHours } from '../api/business-hours';
import { useChatStatus } from '../api/chat-status';
import { useOwnConversation } from '../api/own-conversation';
import { rememberConversation, storedConversationId } from '../stored-chat';
import { StartChatForm, type ChatVisitor } from './start-chat-form';
import { VisitorChat } from './visitor-chat';

/**
 * The open widget (spec §4, 384 × 500): the start form, then the live chat.
 * A conversation remembered from an earlier page is checked with the server
 * (it must belong to this session) and resumed with its history.
 */
export function ChatPanel({ id, visitor, onClose }: { id: string; visitor: ChatVisitor | null; onClose(): void }) {
  const [rememberedId, setConversationId] = useState<string | null>(() => storedConversationId());
  const [status, setStatus] = useState<ChatConnectionStatus>('closed');
  const own = useOwnConversation(rememberedId);
  const chatStatus = useChatStatus();
  const businessHours = usePublicBusinessHours();
  // Not ours any more (another session, logged out, deleted): start afresh.
  const notOurs = rememberedId !== null && own.error instanceof ApiError && own.error.status === 404;
  const conversationId = notOurs ? null : rememberedId;
  useEffect(() => {
    if (notOurs) rememberConversation(null);
  }, [notOurs]);

  const forget = () => {
    rememberConversation(null);
    setConversationId(null);
    setStatus('closed');
  };

  const started = (newId: string) => {
    rememberConversation(newId);
    setConversationId(newId);
  };

  let body: React.ReactNode;
  if (conversationId && own.isPending) {
    body = <Spinner className="flex-1" label="Loading your chat" />;
  } else if (conversationId && own.error) {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700">
        <p>We couldn&apos;t load your chat.</p>
        <Button variant="outline" onClick={() => void own.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (conversationId && own.data) {
    body = (
      <VisitorChat
        key={conversationId}
        conversation={own.data as ChatConversation}
        onStatus={setStatus}
        onStartOver={forget}
      />
    );
  } else {
    // Away when nobody is connected, or outside the business hours the team set (a holiday included).
    const away = chatStatus.data?.staffOnline === false || businessHours.data?.openNow === false;
    body = <StartChatForm away={away} hours={businessHours.data} visitor={visitor} onStarted={started} />;
  }

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="fixed inset-0 z-40 flex flex-col overflow-hidden bg-white sm:inset-auto sm:bottom-24 sm:right-6 sm:h-[min(500px,calc(100dvh-6rem))] sm:w-[min(384px,calc(100vw-2rem))] sm:rounded-xl sm:border sm:border-slate-200 sm:shadow-2xl"
    >
      <header className="flex items-center justify-between gap-2 bg-navy-900 px-4 py-3 text-white">
        <div className="flex items-center gap-2">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            Live Chat
          </h2>
          {conversationId && own.data ? <ConnectionIndicator status={status} className="text-slate-200" /> : null}
        </div>
        <button
          type="button"
          aria-label="Close chat"
          onClick={onClose}
          className="cursor-pointer rounded-md p-1 text-slate-200 hover:bg-white/10 hover:text-white"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </header>
      {body}
    </section>
  );
}
