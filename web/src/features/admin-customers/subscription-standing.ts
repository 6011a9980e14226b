import type { AdminCustomerDetails } from '@shared/schemas/admin-customers';
import { subscriptionStatusLabel } from '@shared/subscriptions';

type Subscription = NonNullable<AdminCustomerDetails['subscription']>;

/**
 * How a customer's subscription stands, in words staff cannot misread (issue 29): a cancelled one says
 * "Cancelled" and when it ends — never "Active, until …", which reads like a renewal date — and a live one says
 * when it renews.
 */
export function subscriptionStanding(subscription: Subscription, formatDate: (iso: string) => string): string {
  const plan = subscription.plan ?? 'Plan';
  const end = subscription.currentPeriodEnd;
  const live = subscription.status === 'active' || subscription.status === 'trialing';
  if (subscription.status === 'canceled') return `${plan}: Cancelled${end ? `, ended ${formatDate(end)}` : ''}`;
  if (subscription.cancelAtPeriodEnd && live) {
    return `${plan}: Cancelled${end ? `, service ends ${formatDate(end)} (no renewal)` : ''}`;
  }
  const label = subscription.status ? subscriptionStatusLabel(subscription.status) : 'unknown';
  if (live && end) return `${plan}: ${label}, renews ${formatDate(end)}`;
  return `${plan}: ${label}${end ? `, period ends ${formatDate(end)}` : ''}`;
}
