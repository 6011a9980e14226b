import type { ChatMessage } from '@shared/schemas/chat';
import type { ChatEvent, EventOrigin } from '../../../live/channels';

/**
 * The chat's events travel on the live layer's `chat` channel
 * (api/src/live/channels.ts, decision 160): published with
 * `publish(trx, 'chat', event)` in the transaction that made the change, and
 * handed to this instance's socket registry (socket-registry.ts) in commit order.
 */

export type ChatEventOf<K extends ChatEvent['kind']> = Extract<ChatEvent, { kind: K }>;

/** What the sockets in a conversation are told (a message event's conversation summary is for the staff feed). */
export type RoomEvent =
  | { kind: 'message'; seq: number; message: ChatMessage; origin: EventOrigin | null }
  | ChatEventOf<'typing'>
  | ChatEventOf<'read'>
  | ChatEventOf<'closed'>;
