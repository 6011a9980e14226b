import type { ChatMessage } from '@shared/schemas/chat';

/**
 * A conversation as one client sees it: stored messages in server order, plus
 * its own messages still on the way. Pure functions, so the widget and the
 * staff console share the rules: a message is shown once however often it
 * arrives (history after a reconnect, ack, new_message), and an outgoing
 * message keeps its client id until the server has stored it.
 */

export interface OutgoingMessage {
  clientId: string;
  message: string;
  /** 'sending' is resent after a reconnect; 'failed' waits for the user to retry. */
  status: 'sending' | 'failed';
  error?: string;
}

export interface ChatThread {
  messages: ChatMessage[];
  outbox: OutgoingMessage[];
}

export const emptyThread: ChatThread = { messages: [], outbox: [] };

function withoutSent(outbox: OutgoingMessage[], messages: ChatMessage[]): OutgoingMessage[] {
  if (outbox.length === 0) return outbox;
  const sent = new Set(messages.map((m) => m.clientId).filter((id): id is string => id !== null));
  return sent.size === 0 ? outbox : outbox.filter((o) => !sent.has(o.clientId));
}

/** History from a join: all of it, or (resuming) what came after the last message we had. */
export function applyHistory(thread: ChatThread, messages: ChatMessage[], resumed: boolean): ChatThread {
  const base = resumed ? thread.messages : [];
  const known = new Set(base.map((m) => m.id));
  const merged = [...base, ...messages.filter((m) => !known.has(m.id))];
  return { messages: merged, outbox: withoutSent(thread.outbox, merged) };
}

/** A stored message (ours acknowledged, or anyone's new one). */
export function applyMessage(thread: ChatThread, message: ChatMessage): ChatThread {
  const outbox = withoutSent(thread.outbox, [message]);
  if (thread.messages.some((m) => m.id === message.id)) {
    return outbox === thread.outbox ? thread : { ...thread, outbox };
  }
  return { messages: [...thread.messages, message], outbox };
}

export function queueMessage(thread: ChatThread, clientId: string, message: string): ChatThread {
  return { ...thread, outbox: [...thread.outbox, { clientId, message, status: 'sending' }] };
}

export function failMessage(thread: ChatThread, clientId: string, error: string): ChatThread {
  return {
    ...thread,
    outbox: thread.outbox.map((o) => (o.clientId === clientId ? { ...o, status: 'failed', error } : o)),
  };
}

export function retryMessage(thread: ChatThread, clientId: string): ChatThread {
  return {
    ...thread,
    outbox: thread.outbox.map((o) =>
      o.clientId === clientId ? { clientId, message: o.message, status: 'sending' } : o,
    ),
  };
}

/** The other side has seen the messages of `senderType` (all of them, or up to `upToId`). */
export function markRead(thread: ChatThread, senderType: ChatMessage['senderType'], upToId: string | null): ChatThread {
  const found = upToId ? thread.messages.findIndex((m) => m.id === upToId) : -1;
  const last = found >= 0 ? found : thread.messages.length - 1;
  const unread = (m: ChatMessage, index: number) => index <= last && m.senderType === senderType && !m.isRead;
  if (!thread.messages.some(unread)) return thread;
  return { ...thread, messages: thread.messages.map((m, index) => (unread(m, index) ? { ...m, isRead: true } : m)) };
}

/** Where to resume from after a reconnect. */
export function lastMessageId(thread: ChatThread): string | undefined {
  return thread.messages.at(-1)?.id;
}

export function newClientId(): string {
  return crypto.randomUUID();
}
