import type { SubscriptionStatusResponse } from '@shared/subscriptions';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const labels: Record<SubscriptionStatusResponse['status'], [string, BadgeVariant]> = {
  none: ['None', 'neutral'],
  active: ['Active', 'success'],
  trialing: ['Trial', 'success'],
  past_due: ['Past Due', 'danger'],
  unpaid: ['Unpaid', 'danger'],
  paused: ['Paused', 'warning'],
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatusResponse['status'] }) {
  const [label, variant] = labels[status] ?? [status, 'neutral'];
  return <Badge variant={variant}>{label}</Badge>;
}
