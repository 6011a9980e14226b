import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatusResponse } from '@shared/subscriptions';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { periodEndLabel } from './format';

const variants: Record<SubscriptionStatusResponse['status'], BadgeVariant> = {
  none: 'neutral',
  active: 'success',
  trialing: 'success',
  past_due: 'danger',
  unpaid: 'danger',
  paused: 'warning',
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
  return (
    <Badge variant={variants[status.status] ?? 'neutral'}>
      {SUBSCRIPTION_STATUS_LABELS[status.status] ?? status.status}
    </Badge>
  );
}
