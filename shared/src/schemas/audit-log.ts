import { z } from 'zod';
import { calendarDate } from './dates';
import { singleLine } from './text';

/**
 * The audit log as staff read it (issue 24, decision 168):
 * GET /api/admin/audit-log?actor=&action=&from=&to=&cursor=&limit= (newest first, keyset pages) and the same
 * filter with `format=csv` (every matching row, as a spreadsheet-safe CSV file).
 */

export const AUDIT_LOG_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_LOG_PAGE_SIZE_MAX = 100;

/** An action, `thing.verb` (exact), or `thing.` (every action of a thing). */
const ACTION = /^[a-z0-9_]+(\.[a-z0-9_]*)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `from` / `to`: a whole UTC day (YYYY-MM-DD, both ends included) or an ISO 8601 date-time with its offset. */
function instantOrDay(field: string) {
  const day = calendarDate(field);
  const instant = z.iso.datetime({ offset: true, error: `${field} must be a date (YYYY-MM-DD) or an ISO date-time` });
  return z
    .string({ error: `${field} must be a date (YYYY-MM-DD) or an ISO date-time` })
    .max(40, `${field} must be a date (YYYY-MM-DD) or an ISO date-time`)
    .superRefine((value, ctx) => {
      const result = (DAY.test(value) ? day : instant).safeParse(value);
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
      else if (!DAY.test(value) && Number.isNaN(Date.parse(value))) {
        ctx.addIssue({ code: 'custom', message: `${field} is not a real date-time` });
      }
    });
}

/** The first instant of `from` and the first instant after `to` (a day includes all of it), in epoch ms. */
export function auditRange(query: { from?: string; to?: string }): { from?: number; to?: number } {
  const start = (value: string) => Date.parse(DAY.test(value) ? `${value}T00:00:00Z` : value);
  const end = (value: string) => (DAY.test(value) ? start(value) + 86_400_000 : start(value) + 1);
  return {
    ...(query.from ? { from: start(query.from) } : {}),
    ...(query.to ? { to: end(query.to) } : {}),
  };
}

export const auditLogQuerySchema = z
  .object({
    /** A staff member's username (any case) or account id, or a system actor's name (`cli`, `automatic refund`). */
    actor: singleLine(100, 'actor').optional(),
    action: z
      .string()
      .max(100, 'action must be at most 100 characters')
      .regex(ACTION, 'action must be an action like refund.created, or a prefix like refund.')
      .optional(),
    from: instantOrDay('from').optional(),
    to: instantOrDay('to').optional(),
    /** The `nextCursor` of the previous page. */
    cursor: z
      .string()
      .max(200, 'cursor: Invalid cursor')
      .regex(/^[A-Za-z0-9_-]+$/, 'cursor: Invalid cursor')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(AUDIT_LOG_PAGE_SIZE_MAX, `limit must be at most ${AUDIT_LOG_PAGE_SIZE_MAX}`)
      .default(AUDIT_LOG_PAGE_SIZE_DEFAULT),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  })
  .strict()
  .refine(
    (query) => {
      const { from, to } = auditRange(query);
      return from === undefined || to === undefined || from < to;
    },
    { message: 'from must not be after to', path: ['from'] },
  );
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
/** The filters a screen keeps in its URL (everything but the page and the format). */
export type AuditLogFilters = Pick<z.input<typeof auditLogQuerySchema>, 'actor' | 'action' | 'from' | 'to'>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  /** Who did it: a staff member (id, username, role at the time) or a system actor (id null, role `system`). */
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), role: z.string().nullable() }),
  ip: z.string().nullable(),
  /** `thing.verb`: refund.created, order.cancelled, product.updated, catalogue.seeded, … */
  action: z.string(),
  record: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
  /** The record's values before and after (what changed); null where there is no such side. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
