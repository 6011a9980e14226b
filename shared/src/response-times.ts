/**
 * What each subscription plan promises the public (issue 27, decision 203): the first-response target of a
 * normal-priority request, in business minutes, from the service-level setting — the plan's own policy, or the
 * default when the plan has none. A type and words only: importing it does not load zod (decision 015), so the
 * pricing page can use it.
 */

/** The priority the public figure is for: what a request gets unless staff (or the plan's rule) raise it. */
export const PUBLIC_RESPONSE_PRIORITY = 'normal' as const;

/** GET /api/service-levels/response-times: every subscription plan by id. */
export interface PlanResponseTimes {
  priority: typeof PUBLIC_RESPONSE_PRIORITY;
  plans: Record<string, { firstResponseMinutes: number }>;
}

/** "1 business hour", "4 business hours", "30 business minutes", "90 business minutes" (whole hours as hours). */
export function businessSpanWords(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} business ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} business ${minutes === 1 ? 'minute' : 'minutes'}`;
}
