import { z } from 'zod';
import { prioritySchema, type Priority } from './support';

/**
 * Who works on what (issue 26, decisions 186 and 187): the per-plan default
 * priority of new tickets and chats, and the automatic assignment's setting.
 */

/**
 * GET/PUT /api/admin/settings/plan-priorities: the priority a new ticket or
 * chat of a client with an active plan starts at, by plan name (the names of
 * the subscription plans; a plan not listed starts `normal`).
 */
export const planPrioritiesSchema = z
  .record(
    z.string().trim().min(1, 'plan names must not be empty').max(100, 'plan names are at most 100 characters'),
    prioritySchema,
  )
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 plans');
export type PlanPriorities = z.infer<typeof planPrioritiesSchema>;

/** Until an admin says otherwise: Enterprise clients' requests start `high` (the issue's example). */
export const DEFAULT_PLAN_PRIORITIES: PlanPriorities = { Enterprise: 'high' };

/** The priority a new item of a client on `plan` starts at. */
export function planPriority(priorities: PlanPriorities, plan: string | null): Priority {
  return (plan !== null && Object.hasOwn(priorities, plan) ? priorities[plan] : undefined) ?? 'normal';
}

export const ASSIGNMENT_CAPACITY_MAX = 500;
export const OFFLINE_GRACE_MINUTES_MAX = 24 * 60;

/** GET/PUT /api/admin/settings/assignment */
export const assignmentSettingsSchema = z
  .object({
    /** New chats and tickets go to an online support or admin staff member (else they wait unassigned). */
    autoAssign: z.boolean({ error: 'autoAssign must be true or false' }),
    /** Open chats and tickets one person is given automatically, at most. */
    capacity: z
      .number({ error: 'capacity must be a whole number' })
      .int('capacity must be a whole number')
      .min(1, 'capacity must be at least 1')
      .max(ASSIGNMENT_CAPACITY_MAX, `capacity must be at most ${ASSIGNMENT_CAPACITY_MAX}`),
    /** How long a staff member may be offline before their open chats return to the pool (tickets stay theirs). */
    offlineGraceMinutes: z
      .number({ error: 'offlineGraceMinutes must be a whole number' })
      .int('offlineGraceMinutes must be a whole number')
      .min(0, 'offlineGraceMinutes must be at least 0')
      .max(OFFLINE_GRACE_MINUTES_MAX, `offlineGraceMinutes must be at most ${OFFLINE_GRACE_MINUTES_MAX}`),
  })
  .strict();
export type AssignmentSettings = z.infer<typeof assignmentSettingsSchema>;

export const DEFAULT_ASSIGNMENT_SETTINGS: AssignmentSettings = {
  autoAssign: true,
  capacity: 8,
  offlineGraceMinutes: 5,
};
