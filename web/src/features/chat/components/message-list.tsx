import { useEffect, useRef } from 'react';
import type { ChatMessage, ChatSenderType } from '@shared/schemas/chat';
import type { OutgoingMessage } from '../chat-thread';
import { cn } from '@/lib/cn';
import { formatChatTime } from './format-time';

/** A line of the conversation's record that no one wrote (e.g. a missed service level), placed by its time. */
export interface ThreadNote {
  key: string;
  /** When it happened (ISO): it sits after the messages sent until then. */
  at: string;
  text: string;
}

interface MessageListProps {
  messages: ChatMessage[];
  /** Staff's record lines among the messages (never shown to a visitor). */
  notes?: readonly ThreadNote[];
  outbox: OutgoingMessage[];
  /** Whose messages are "mine" (right-aligned). */
  own: ChatSenderType;
  /** How the other side is named, e.g. "Support" or the visitor's name. */
  otherName: string;
  onRetry(clientId: string): void;
  /** Shown at the end while the other side types. */
  typingLabel?: string | null;
  /** Shown when there are no messages yet. */
  emptyText: string;
  /** Show "Seen" under my last message once the other side read it. */
  showSeen?: boolean;
  className?: string;
  children?: React.ReactNode;
}

function Bubble({ mine, children, muted }: { mine: boolean; children: React.ReactNode; muted?: boolean }) {
  return (
    <div
      className={cn(
        'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
        mine ? 'rounded-br-sm bg-blue-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
        muted && 'opacity-70',
      )}
    >
      {children}
    </div>
  );
}

/** Up to two initials of a name, e.g. "Sam" → "S", "Mary Ann" → "MA". */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((part) => [...part][0] ?? '')
    .filter(Boolean);
  return (letters.length > 1 ? letters[0]! + letters.at(-1)! : (letters[0] ?? '?')).toUpperCase();
}

function InitialsAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-6 w-6 items-center justify-center rounded-full bg-navy-900 text-[11px] font-bold text-white"
    >
      {initialsOf(name)}
    </span>
  );
}

/** The messages with the notes among them, in time order (a note after every message sent up to its time). */
export function interleaveNotes(
  messages: readonly ChatMessage[],
  notes: readonly ThreadNote[],
): ({ message: ChatMessage } | { note: ThreadNote })[] {
  const pending = [...notes].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const items: ({ message: ChatMessage } | { note: ThreadNote })[] = [];
  for (const message of messages) {
    while (pending.length > 0 && Date.parse(pending[0]!.at) < Date.parse(message.createdAt)) {
      items.push({ note: pending.shift()! });
    }
    items.push({ message });
  }
  for (const note of pending) items.push({ note });
  return items;
}

/**
 * A conversation's messages, aligned by sender, newest at the bottom (kept
 * in view as messages arrive). Text is rendered as text: HTML in a message is
 * shown, never interpreted.
 */
export function MessageList(props: MessageListProps) {
  const { messages, outbox, own, otherName, onRetry, typingLabel, emptyText, showSeen, className, children } = props;
  const notes = props.notes ?? [];
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, outbox.length, typingLabel, notes.length]);
  const lastMine = [...messages].reverse().find((m) => m.senderType === own);

  return (
    <div
      role="log"
      aria-live="polite"
      aria-label="Messages"
      tabIndex={0}
      className={cn('flex flex-col gap-3 overflow-y-auto p-4', className)}
    >
      {children}
      {messages.length === 0 && outbox.length === 0 ? (
        <p className="text-center text-sm text-slate-600">{emptyText}</p>
      ) : null}
      {interleaveNotes(messages, notes).map((item) => {
        if ('note' in item) {
          return (
            <p
              key={`note:${item.note.key}`}
              className="self-center rounded-md border border-red-200 bg-red-50 px-3 py-1.5 text-center text-xs text-red-800"
              data-testid="thread-note"
            >
              {item.note.text}
            </p>
          );
        }
        const { message } = item;
        const mine = message.senderType === own;
        // A staff reply seen by the visitor carries its author's name: shown with an initials avatar.
        const author = !mine && message.senderName ? message.senderName : null;
        return (
          <div key={message.id} className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
            {author ? (
              <span
                className="flex items-center gap-2 text-xs font-semibold text-slate-700"
                data-testid="message-author"
              >
                <InitialsAvatar name={author} />
                <span aria-hidden="true">{author}</span>
              </span>
            ) : null}
            <span className="sr-only">{mine ? 'You' : (author ?? otherName)}:</span>
            <Bubble mine={mine}>{message.message}</Bubble>
            <span className="text-xs text-slate-600">
              {formatChatTime(message.createdAt)}
              {message.automatic ? ' · Automatic reply' : ''}
              {showSeen && message === lastMine && message.isRead ? ' · Seen' : ''}
            </span>
          </div>
        );
      })}
      {outbox.map((pending) => (
        <div key={pending.clientId} className="flex flex-col items-end gap-1">
          <span className="sr-only">You:</span>
          <Bubble mine muted>
            {pending.message}
          </Bubble>
          {pending.status === 'sending' ? (
            <span className="text-xs text-slate-600">Sending…</span>
          ) : (
            <span className="flex items-center gap-2 text-xs text-red-700">
              {pending.error ?? 'Not sent.'}
              <button
                type="button"
                className="font-semibold underline hover:no-underline"
                onClick={() => onRetry(pending.clientId)}
              >
                Retry
              </button>
            </span>
          )}
        </div>
      ))}
      {typingLabel ? <p className="text-xs italic text-slate-600">{typingLabel}</p> : null}
      <div ref={endRef} />
    </div>
  );
}
