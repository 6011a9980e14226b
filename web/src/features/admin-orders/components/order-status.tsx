import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/schemas/orders';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending: 'warning',
  payment_failed: 'danger',
  expired: 'neutral',
  paid: 'default',
  processing: 'default',
  shipped: 'success',
  delivered: 'success',
  completed: 'success',
  cancelled: 'neutral',
};

export function StaffOrderStatus({ status }: { status: OrderStatus }) {
  return <Badge variant={VARIANTS[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
