import type { OrderStatus } from '@shared/schemas/orders';
import { Badge } from '@/components/ui/badge';

const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  payment_failed: 'Payment Failed',
  expired: 'Expired',
  completed: 'Completed',
  refunded: 'Refunded',
};

/** Spec §4: completed (and paid) are highlighted; anything else is a neutral badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const highlighted = status === 'completed' || status === 'paid';
  return <Badge variant={highlighted ? 'success' : 'neutral'}>{orderStatusLabels[status] ?? status}</Badge>;
}
