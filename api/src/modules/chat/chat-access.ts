import { isUuid } from '@shared/schemas/text';
import type { User } from '../users/user.model';

/** Who is asking, as far as chat is concerned: the session's visitor id and account, if any. */
export interface ChatParticipant {
  visitorId: string | null;
  user: User | null;
}

/** The participant for an account (or none) and the visitor id a session holds (anything but a UUID counts as none). */
export function participantOf(user: User | null, visitorId: unknown): ChatParticipant {
  return { user, visitorId: isUuid(visitorId) ? visitorId : null };
}

/**
 * A visitor may see a conversation started from their own browser session,
 * or one bound to their account (the same client on another device).
 */
export function ownsConversation(
  conversation: { visitorId: string; userId: string | null },
  who: ChatParticipant,
): boolean {
  if (who.visitorId !== null && conversation.visitorId === who.visitorId) return true;
  return who.user !== null && conversation.userId !== null && conversation.userId === who.user.id;
}

export function isStaff(who: ChatParticipant): boolean {
  return who.user?.isStaff === true;
}

/** Staff whose role answers chats (the `chat` permission): they may see and join any conversation. */
export function mayChat(who: ChatParticipant): boolean {
  return who.user?.may('chat') === true;
}
