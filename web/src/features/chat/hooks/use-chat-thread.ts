import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatSenderType } from '@shared/schemas/chat';
import {
  applyHistory,
  applyMessage,
  emptyThread,
  failMessage,
  lastMessageId,
  markRead,
  newClientId,
  queueMessage,
  retryMessage,
  type ChatThread,
} from '../chat-thread';

/** A message not acknowledged this long is shown as not sent (with Retry). */
const ACK_TIMEOUT_MS = 15_000;
const TYPING_SHOWN_MS = 6_000;

/** Sends one message frame; false when the socket is not open. */
export type SendMessage = (message: string, clientId: string) => boolean;

/**
 * One conversation's messages in a component, for the visitor widget and the
 * staff console alike: what came from the server, what is on its way, and
 * what was never acknowledged (offered for a retry).
 */
export function useChatThread() {
  const [thread, setThread] = useState<ChatThread>(emptyThread);
  const threadRef = useRef(thread);
  const sentAt = useRef(new Map<string, number>());
  /** Whether the last join asked only for messages after ours (the next history frame then adds to the thread). */
  const resuming = useRef(false);

  const update = useCallback((change: (thread: ChatThread) => ChatThread) => {
    threadRef.current = change(threadRef.current);
    setThread(threadRef.current);
  }, []);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      for (const [clientId, at] of sentAt.current) {
        if (now - at <= ACK_TIMEOUT_MS) continue;
        sentAt.current.delete(clientId);
        update((t) => failMessage(t, clientId, 'Not sent.'));
      }
    }, 5_000);
    return () => clearInterval(timer);
  }, [update]);

  const transmit = useCallback((send: SendMessage, message: string, clientId: string) => {
    if (send(message, clientId)) sentAt.current.set(clientId, Date.now());
  }, []);

  return {
    thread,
    /**
     * For a join frame: the last message we have, to resume after (undefined:
     * from the start). The next history frame is applied accordingly.
     */
    resumeFrom(): string | undefined {
      const afterId = lastMessageId(threadRef.current);
      resuming.current = afterId !== undefined;
      return afterId;
    },
    reset() {
      sentAt.current.clear();
      update(() => emptyThread);
    },
    /** A history frame; then whatever was still on its way is sent again under the same id (stored once). */
    history(messages: ChatMessage[], send: SendMessage) {
      update((t) => applyHistory(t, messages, resuming.current));
      for (const pending of threadRef.current.outbox) {
        if (pending.status === 'sending') transmit(send, pending.message, pending.clientId);
      }
    },
    message(message: ChatMessage) {
      if (message.clientId) sentAt.current.delete(message.clientId);
      update((t) => applyMessage(t, message));
    },
    failed(clientId: string, error: string) {
      sentAt.current.delete(clientId);
      update((t) => failMessage(t, clientId, error));
    },
    read(senderType: ChatSenderType, upToId: string | null) {
      update((t) => markRead(t, senderType, upToId));
    },
    send(message: string, send: SendMessage) {
      const clientId = newClientId();
      update((t) => queueMessage(t, clientId, message));
      transmit(send, message, clientId);
    },
    retry(clientId: string, send: SendMessage) {
      const pending = threadRef.current.outbox.find((o) => o.clientId === clientId);
      if (!pending) return;
      update((t) => retryMessage(t, clientId));
      transmit(send, pending.message, clientId);
    },
  };
}

/** "The other side is typing", cleared after a few seconds without news. */
export function useTypingIndicator() {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const set = useCallback((isTyping: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = isTyping ? setTimeout(() => setTyping(false), TYPING_SHOWN_MS) : null;
    setTyping(isTyping);
  }, []);
  return [typing, set] as const;
}

/**
 * Whether the person is looking at the page (read receipts are sent only
 * then): the page is visible — and, with `requireFocus` (the desktop console,
 * a window often left visible behind others), its window has the focus.
 */
export function pageIsVisible(requireFocus = false): boolean {
  if (typeof document === 'undefined' || document.visibilityState !== 'visible') return false;
  return !requireFocus || document.hasFocus();
}

/** Calls `onVisible` whenever the person comes back to the page (to send the read receipts held back). */
export function useWhenPageVisible(onVisible: () => void, requireFocus = false): void {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const listener = () => {
      if (pageIsVisible(requireFocus)) callback.current();
    };
    document.addEventListener('visibilitychange', listener);
    if (requireFocus) window.addEventListener('focus', listener);
    return () => {
      document.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
  }, [requireFocus]);
}
