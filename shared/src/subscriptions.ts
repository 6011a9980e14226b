/**
 * Subscription types and constants the pages need without a validation
 * library: importing them does not load zod (docs/decisions/015-zod-without-eval.md).
 * The request schemas are in ./schemas/subscriptions.ts, which re-exports all of this.
 */

/** Spec §9: the plan marked "Most Popular" on /pricing. */
export const MOST_POPULAR_PLAN = 'Professional';

export type PlanInterval = 'month' | 'year';

/** A plan as GET /api/subscription-plans returns it (spec §3; price is a numeric(10,2) string). */
export interface SubscriptionPlan {
  id: string;
  name: string;
  description: string;
  price: string;
  interval: PlanInterval;
  stripePriceId: string | null;
  features: string[];
  isActive: boolean;
  createdAt: string;
}

/** Stripe's subscription statuses (the users.subscription_status CHECK lists the same). */
export const providerSubscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type ProviderSubscriptionStatus = (typeof providerSubscriptionStatuses)[number];

/** How a subscription's status reads, to clients and to staff; `none` is no subscription. */
export const SUBSCRIPTION_STATUS_LABELS: Record<ProviderSubscriptionStatus | 'none', string> = {
  none: 'None',
  incomplete: 'Incomplete',
  incomplete_expired: 'Never paid',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past Due',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

/** The label of a status as stored (a status this code does not know reads as it is). */
export function subscriptionStatusLabel(status: string): string {
  return (SUBSCRIPTION_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/**
 * A subscription counts as the client's plan from its first payment until it
 * ends: these statuses are reported; incomplete (never paid), expired and
 * canceled ones are reported as "none".
 */
export const liveSubscriptionStatuses = ['active', 'trialing', 'past_due', 'unpaid', 'paused'] as const;
type LiveSubscriptionStatus = (typeof liveSubscriptionStatuses)[number];

export function isLiveStatus(status: string): status is LiveSubscriptionStatus {
  return (liveSubscriptionStatuses as readonly string[]).includes(status);
}

/**
 * GET /api/subscription-status (spec §3): `plan` is the plan's name,
 * `currentPeriodEnd` seconds since the epoch — the renewal date, or the end
 * date when `cancelAtPeriodEnd` is set.
 */
export interface SubscriptionStatusResponse {
  status: 'none' | LiveSubscriptionStatus;
  plan: string | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

export const NO_SUBSCRIPTION: SubscriptionStatusResponse = {
  status: 'none',
  plan: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
