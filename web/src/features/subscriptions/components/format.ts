import { formatPrice } from '@shared/money';
import type { SubscriptionPlan, SubscriptionStatusResponse } from '@shared/subscriptions';
import { formatDate } from '@/lib/format';

/** "$1,299.00 / month". */
export function priceLabel(plan: Pick<SubscriptionPlan, 'price' | 'interval'>): string {
  return `${formatPrice(plan.price)} / ${plan.interval}`;
}

/** The renewal (or end) date of a subscription status, e.g. "December 21, 2026". */
export function periodEndLabel(status: Pick<SubscriptionStatusResponse, 'currentPeriodEnd'>): string {
  return status.currentPeriodEnd === null ? 'N/A' : formatDate(new Date(status.currentPeriodEnd * 1000).toISOString());
}

/** Whether the client has a subscription that counts (anything but "none"). */
export function hasSubscription(
  status: SubscriptionStatusResponse | undefined | null,
): status is SubscriptionStatusResponse {
  return Boolean(status && status.status !== 'none');
}
