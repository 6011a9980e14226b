import { z } from 'zod';
import { multiLine, singleLine, uuid } from './text';

/** Canned replies (issue 26): a shortcut typed after `/` in a staff composer, a title, a body with `{{variables}}`. */

export const CANNED_REPLY_BODY_MAX = 2000;

const shortcut = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'shortcut must be 1–40 letters, digits, - or _ (typed after /), e.g. thanks');
const title = singleLine(80, 'title').pipe(z.string().min(1, 'title is required'));
const body = multiLine(CANNED_REPLY_BODY_MAX, 'body').pipe(z.string().min(1, 'body is required'));

export const createCannedReplySchema = z.object({ shortcut, title, body, shared: z.boolean().default(false) }).strict();
export type CreateCannedReply = z.output<typeof createCannedReplySchema>;

export const updateCannedReplySchema = z
  .object({ shortcut, title, body, shared: z.boolean() })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'nothing to change');
export type UpdateCannedReply = z.output<typeof updateCannedReplySchema>;

export const cannedReplySchema = z.object({
  id: z.string(),
  shortcut: z.string(),
  title: z.string(),
  body: z.string(),
  shared: z.boolean(),
  /** The owner of a personal reply; null for a shared one. */
  ownerId: z.string().nullable(),
  /** Whether the caller may change or delete it. */
  editable: z.boolean(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

/** Which conversation the variables are for: exactly one of a chat, a ticket or an enquiry. */
export const cannedReplyVariablesQuerySchema = z
  .object({ chatId: uuid.optional(), ticketId: uuid.optional(), enquiryId: uuid.optional() })
  .strict()
  .refine(
    (query) => [query.chatId, query.ticketId, query.enquiryId].filter(Boolean).length === 1,
    'give exactly one of chatId, ticketId or enquiryId',
  );
export type CannedReplyVariablesQuery = z.output<typeof cannedReplyVariablesQuerySchema>;
