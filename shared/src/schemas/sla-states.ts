import { z } from 'zod';

/**
 * The service-level states and the lists' filter (decision 192), apart from the policies so the ticket and chat
 * schemas can use them without importing the support settings.
 */

/** The state of an item's clocks: `at_risk` once 80 % of a running target is used. */
export const slaStates = ['on_track', 'at_risk', 'breached', 'met'] as const;
export type SlaState = (typeof slaStates)[number];
export const SLA_STATE_LABELS: Record<SlaState, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  breached: 'Breached',
  met: 'Met',
};
/** The share of a target used when an item is at risk. */
export const AT_RISK_SHARE = 0.8;

/** `?sla=` on the ticket and chat lists. */
export const slaFilters = ['at_risk', 'breached'] as const;
export type SlaFilter = (typeof slaFilters)[number];
export const slaFilterSchema = z.enum(slaFilters, { message: `sla must be one of ${slaFilters.join(', ')}` });
