/**
 * Chat facts the pages need without a validation library: importing them
 * does not load zod (docs/decisions/015-zod-without-eval.md). The chat
 * schemas are in ./schemas/chat.ts, which re-exports all of this.
 */

export const chatSenderTypes = ['visitor', 'admin'] as const;
export type ChatSenderType = (typeof chatSenderTypes)[number];

/** The other side of a conversation: the visitor's is staff ('admin'), staff's is the visitor. */
export function otherSide(side: ChatSenderType): ChatSenderType {
  return side === 'admin' ? 'visitor' : 'admin';
}
