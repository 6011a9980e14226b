import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/schemas/orders';
import { Badge } from '@/components/ui/badge';

const HIGHLIGHTED: ReadonlySet<OrderStatus> = new Set(['completed', 'paid', 'processing', 'shipped', 'delivered']);

/** Spec §4: completed (and paid, and the fulfilment steps after it) are highlighted; anything else is neutral. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const highlighted = HIGHLIGHTED.has(status);
  return <Badge variant={highlighted ? 'success' : 'neutral'}>{ORDER_STATUS_LABELS[status] ?? status}</Badge>;
}
