import { z } from 'zod';

/**
 * GET /api/account/sessions: the account's signed-in sessions (decision 171).
 * `id` is an opaque id of its own, never the session's secret id.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", "Desktop console"… from the user agent. */
  device: z.string(),
  ip: z.string().nullable(),
  signedInAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;
