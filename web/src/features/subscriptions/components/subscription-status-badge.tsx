import type { SubscriptionStatusResponse } from '@shared/subscriptions';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { periodEndLabel } from './format';

const labels: Record<SubscriptionStatusResponse['status'], [string, BadgeVariant]> = {
  none: ['None', 'neutral'],
  active: ['Active', 'success'],
  trialing: ['Trial', 'success'],
  past_due: ['Past Due', 'danger'],
  unpaid: ['Unpaid', 'danger'],
  paused: ['Paused', 'warning'],
};

/**
 * The subscription's state as the client should read it: a cancelled plan
 * that runs to the end of its period is "Ending on …", not "Active".
 */
export function SubscriptionStatusBadge({
  status,
}: {
  status: Pick<SubscriptionStatusResponse, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>;
}) {
  if (status.cancelAtPeriodEnd && (status.status === 'active' || status.status === 'trialing')) {
    return <Badge variant="warning">Ending on {periodEndLabel(status)}</Badge>;
  }
  const [label, variant] = labels[status.status] ?? [status.status, 'neutral'];
  return <Badge variant={variant}>{label}</Badge>;
}
