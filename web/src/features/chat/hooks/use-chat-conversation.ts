import { useRef, useState } from 'react';
import { otherSide, type ChatSenderType } from '@shared/chat';
import type { ClientFrame, ServerFrame, ServerFrameOf } from '@shared/schemas/chat-frames';
import { useChatConnection } from './use-chat-connection';
import { pageIsVisible, useChatThread, useTypingIndicator, type SendMessage } from './use-chat-thread';

interface ChatConversationOptions {
  /** Whose side this client writes for: the visitor's, or staff's ('admin'). */
  own: ChatSenderType;
  /** The conversation joined from the start (null: none until open()). */
  initialId: string | null;
  /** Connected (again), before the open conversation is joined again. */
  onOpen?(send: (frame: ClientFrame) => boolean): void;
  /** The open conversation's history, once it is in the thread. */
  onHistory?(frame: ServerFrameOf<'history'>): void;
  /** Every frame that is not about the open conversation's messages (errors too, after a failed send is marked). */
  onFrame?(frame: ServerFrame): void;
  /** Refused for good (4401/4403/4404); the socket stays closed. */
  onFinalClose?(): void;
  /** Read receipts only while the window has the focus, not merely while the page is visible. */
  requireFocus?: boolean;
}

/**
 * One conversation over the chat socket, for either side: joins it on every
 * (re)connection after the last message it has, keeps its messages (what is
 * on its way resent, what was never acknowledged offered for a retry), the
 * other side's typing and read receipts, and sends this side's messages,
 * typing and read receipts. What else a side needs (the visitor's presence
 * and closed state, staff's live feed) comes through `onFrame`.
 */
export function useChatConversation(options: ChatConversationOptions) {
  const { own } = options;
  const other = otherSide(own);
  const thread = useChatThread();
  const [otherTyping, setOtherTyping] = useTypingIndicator();
  const [conversationId, setConversationId] = useState(options.initialId);
  const current = useRef(options.initialId);

  const onFrame = (frame: ServerFrame) => {
    const id = current.current;
    switch (frame.type) {
      case 'history':
        if (frame.conversation.id !== id) return;
        thread.history(frame.messages, sendMessage);
        options.onHistory?.(frame);
        return;
      case 'ack':
      case 'new_message':
        if (frame.message.conversationId !== id) return;
        thread.message(frame.message);
        if (frame.message.senderType === other) {
          setOtherTyping(false);
          markSeen();
        }
        return;
      case 'typing':
        if (frame.conversationId === id && frame.senderType === other) setOtherTyping(frame.isTyping);
        return;
      case 'read':
        // Someone read the other side's messages: the other side ours, or we (in another tab) theirs.
        if (frame.conversationId === id) thread.read(otherSide(frame.readerType), frame.upToId);
        return;
      case 'error':
        if (frame.clientId) thread.failed(frame.clientId, frame.message);
        options.onFrame?.(frame);
        return;
      default:
        options.onFrame?.(frame);
    }
  };

  const connection = useChatConnection({
    onOpen(send) {
      options.onOpen?.(send);
      if (current.current) join(current.current);
    },
    onFrame,
    onFinalClose: () => options.onFinalClose?.(),
  });

  const sendMessage: SendMessage = (message, clientId) => {
    const id = current.current;
    return id ? connection.send({ type: 'message', conversationId: id, message, senderType: own, clientId }) : false;
  };

  /** Joins a conversation, after the messages already shown (none right after opening it). */
  function join(id: string) {
    const afterId = thread.resumeFrom();
    connection.send({ type: 'join', conversationId: id, isAdmin: own === 'admin', ...(afterId ? { afterId } : {}) });
  }

  /** The other side's messages so far are seen, if this page is being looked at. */
  function markSeen() {
    const id = current.current;
    if (id && pageIsVisible(options.requireFocus)) connection.send({ type: 'read', conversationId: id });
  }

  /** Leaves the open conversation (if any) for `id` (null: none); false when `id` is already open. */
  function switchTo(id: string | null): boolean {
    const previous = current.current;
    if (id === previous) return false;
    if (previous) connection.send({ type: 'leave', conversationId: previous });
    current.current = id;
    setConversationId(id);
    setOtherTyping(false);
    thread.reset();
    if (id) join(id);
    return true;
  }

  return {
    status: connection.status,
    conversationId,
    /** The open conversation right now (conversationId is as of the last render). */
    openId: () => current.current,
    thread: thread.thread,
    otherTyping,
    markSeen,
    open: (id: string) => switchTo(id),
    close: () => switchTo(null),
    /** Sends a message when connected to an open conversation; false when it was not taken. */
    send(text: string): boolean {
      if (connection.status !== 'open' || !current.current) return false;
      thread.send(text, sendMessage);
      return true;
    },
    retry: (clientId: string) => thread.retry(clientId, sendMessage),
    typing(isTyping: boolean) {
      const id = current.current;
      if (id) connection.send({ type: 'typing', conversationId: id, isTyping });
    },
  };
}
