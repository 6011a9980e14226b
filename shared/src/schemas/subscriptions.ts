import { z } from 'zod';

import type { SubscriptionStatusResponse } from '../subscriptions';

export * from '../subscriptions';

const planId = z.uuid({
  error: (issue) => (issue.input === undefined ? 'Choose a plan' : 'Invalid plan id'),
});

/** POST /api/create-subscription (spec §7). */
export const createSubscriptionSchema = z.object({ planId }).strict();

/**
 * What POST /api/create-subscription did:
 * - payment_required: the first payment (or an unpaid invoice) waits; confirm `clientSecret`;
 * - resumed: a subscription that was ending continues (no charge);
 * - switched: the plan changed (Stripe prorates the difference on the next invoice);
 * - activated: nothing was due, the subscription is active.
 */
export type SubscriptionOutcome = 'payment_required' | 'resumed' | 'switched' | 'activated';

export type CreateSubscriptionResponse =
  | { outcome: 'payment_required'; clientSecret: string; subscription: SubscriptionStatusResponse }
  | {
      outcome: Exclude<SubscriptionOutcome, 'payment_required'>;
      clientSecret: null;
      subscription: SubscriptionStatusResponse;
    };

/** POST /api/cancel-subscription takes no fields; it always acts on the caller's own subscription. */
export const cancelSubscriptionSchema = z.object({}).strict();
