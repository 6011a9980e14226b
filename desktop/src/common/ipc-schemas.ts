import { z } from 'zod';
import { loginSchema } from '@shared/schemas/auth';
import { twoFactorCodeSchema } from '@shared/schemas/two-factor';
import { CHAT_MESSAGE_MAX } from '@shared/schemas/chat';
import { ALERT_SETTINGS, ITEM_ALERT_KINDS } from '@shared/alert-kinds';
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
    /** One switch per kind of notification (shared/src/alert-kinds.ts): chats, paid orders, enquiries, … */
    ...(Object.fromEntries(ALERT_SETTINGS.map((key) => [key, z.boolean()])) as Record<
      (typeof ALERT_SETTINGS)[number],
      z.ZodBoolean
    >),
  })
  .strict();

export const defaultSettings = {
  sound: true,
  doNotDisturb: false,
  repeat: true,
  startAtLogin: false,
  chatAlerts: true,
  orderAlerts: true,
  enquiryAlerts: true,
  serviceRequestAlerts: true,
  clientReplyAlerts: true,
  consultationAlerts: true,
  slaAlerts: true,
  assignmentAlerts: true,
} as const satisfies z.infer<typeof settingsSchema>;

export const ipcPayloads = {
  getState: z.undefined(),
  setServer: z.object({ url: serverUrlSchema.nullable() }).strict(),
  logIn: loginSchema,
  logInSecondStep: twoFactorCodeSchema,
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
  // A staff event the page heard (new paid order, enquiry, …): main decides whether it becomes a notification.
  itemAlert: z
    .object({
      kind: z.enum(ITEM_ALERT_KINDS),
      id: z.uuid(),
      /** What the page could tell about it (order number and customer, enquirer and service, …). */
      detail: z.string().max(500).nullable(),
      /** The page shows this very item now (then a focused window needs no notification). */
      onScreen: z.boolean(),
    })
    .strict(),
} as const;
