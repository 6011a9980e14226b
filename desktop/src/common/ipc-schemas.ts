import { z } from 'zod';
import { loginSchema } from '@shared/schemas/auth';
import { CHAT_MESSAGE_MAX } from '@shared/schemas/chat';
import { serverUrlSchema } from './server-url';

/**
 * Main's validation of every IPC payload (see ./ipc-channels.ts). Anything
 * that does not parse is refused before a handler runs. Texts are bounded
 * but not cleaned here: what to show is decided where it is shown.
 */

const conversationId = z.uuid();
const visitorName = z.string().max(500);

/** The console's notification settings (ConsoleSettings). */
export const settingsSchema = z
  .object({
    /** Notifications play the system sound. */
    sound: z.boolean(),
    /** No notifications at all (the unread count still shows). */
    doNotDisturb: z.boolean(),
    /** Alert again every 30 s about new conversations until they are opened. */
    repeat: z.boolean(),
    /** Start with the system (in the tray, the window closed). */
    startAtLogin: z.boolean(),
  })
  .strict();

export const defaultSettings = { sound: true, doNotDisturb: false, repeat: true, startAtLogin: false } as const;

export const ipcPayloads = {
  getState: z.undefined(),
  setServer: z.object({ url: serverUrlSchema.nullable() }).strict(),
  logIn: loginSchema,
  logOut: z.object({ expired: z.boolean() }).strict(),
  updateSettings: settingsSchema.partial().strict(),
  newConversation: z.object({ conversationId, visitorName }).strict(),
  // A message is at most 2,000 characters; UTF-16 can double that.
  visitorMessage: z.object({ conversationId, visitorName, text: z.string().max(CHAT_MESSAGE_MAX * 2) }).strict(),
  conversationClosed: z.object({ conversationId }).strict(),
  conversationOpened: z.object({ conversationId: conversationId.nullable() }).strict(),
  setUnreadCount: z.object({ count: z.number().int().min(0).max(1_000_000) }).strict(),
  // After a reconnect: what arrived while the console was cut off, and the conversations still open.
  catchUp: z
    .object({
      newConversations: z.number().int().min(0).max(1_000_000),
      newMessages: z.number().int().min(0).max(1_000_000),
      openConversationIds: z.array(conversationId).max(10_000),
    })
    .strict(),
  installUpdate: z.undefined(),
} as const;
