import { z } from 'zod';
import { priorities, type Priority } from './support';

/**
 * Service-level policies (issue 27, decision 192): how soon staff promise a
 * first response and a resolution, in BUSINESS minutes (the clock runs only
 * while the business-hours setting says the team is open), per priority, for
 * a default policy and for each subscription plan that differs, and how soon
 * a chat gets its first staff reply.
 */

export * from './sla-states';

/** A year of business minutes is far beyond any promise; a target is at least one minute. */
const MAX_MINUTES = 525_600;
const minutes = (name: string) =>
  z
    .number({ message: `${name} must be a number of business minutes` })
    .int(`${name} must be a whole number of minutes`)
    .min(1, `${name} must be at least 1 minute`)
    .max(MAX_MINUTES, `${name} must be at most ${MAX_MINUTES} minutes`);

export const slaTargetSchema = z
  .object({
    firstResponseMinutes: minutes('firstResponseMinutes'),
    resolutionMinutes: minutes('resolutionMinutes'),
  })
  .strict()
  .refine(
    (target) => target.resolutionMinutes >= target.firstResponseMinutes,
    'resolutionMinutes must not be shorter than firstResponseMinutes',
  );
export type SlaTarget = z.infer<typeof slaTargetSchema>;

export const slaPolicySchema = z
  .object(
    Object.fromEntries(priorities.map((priority) => [priority, slaTargetSchema])) as Record<
      Priority,
      typeof slaTargetSchema
    >,
  )
  .strict();
export type SlaPolicy = z.infer<typeof slaPolicySchema>;

/** GET/PUT /api/admin/settings/service-levels. Plan ids are checked against the plans by the API. */
export const serviceLevelsSchema = z
  .object({
    default: slaPolicySchema,
    plans: z
      .record(z.string(), slaPolicySchema)
      .refine(
        (plans) => Object.keys(plans).every((id) => z.uuid().safeParse(id).success),
        'plans must be keyed by subscription plan id',
      )
      .refine((plans) => Object.keys(plans).length <= 50, 'at most 50 plans'),
    chat: z.object({ firstResponseMinutes: minutes('chat.firstResponseMinutes') }).strict(),
  })
  .strict();
export type ServiceLevels = z.infer<typeof serviceLevelsSchema>;

/**
 * The defaults follow the site's promise of an answer "within 24 hours": a
 * normal request is answered within one business day (600 business minutes,
 * 8:00 AM–6:00 PM) and resolved within five; urgent ones within the hour.
 */
export const DEFAULT_SERVICE_LEVELS: ServiceLevels = {
  default: {
    urgent: { firstResponseMinutes: 60, resolutionMinutes: 480 },
    high: { firstResponseMinutes: 240, resolutionMinutes: 1200 },
    normal: { firstResponseMinutes: 600, resolutionMinutes: 3000 },
    low: { firstResponseMinutes: 1200, resolutionMinutes: 6000 },
  },
  plans: {},
  chat: { firstResponseMinutes: 10 },
};

/** The targets for one ticket: its client's plan's policy when the plan has one, else the default. */
export function ticketTarget(levels: ServiceLevels, planId: string | null, priority: Priority): SlaTarget {
  return ((planId && levels.plans[planId]) || levels.default)[priority];
}
