import { useParams } from 'react-router-dom';
import type { AdminOrderDetails } from '@shared/schemas/admin-orders';
import { OrderScreen } from '@/features/admin-orders/components/order-screen';

/**
 * OrderActions: the panels other features add to the staff order page
 * (refunds, invoices), each given the order as the page shows it.
 */
function orderActions(_order: AdminOrderDetails) {
  return null;
}

/** /admin/orders/:id in the console. */
export function Component() {
  const { id = '' } = useParams();
  return <OrderScreen orderId={id} panels={orderActions} />;
}
