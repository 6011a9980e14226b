import { useParams } from 'react-router-dom';
import type { AdminOrderDetails } from '@shared/schemas/admin-orders';
import { OrderScreen } from '@/features/admin-orders/components/order-screen';
import { InvoiceLink, RefundPanel } from '@/features/refunds/components/refund-panel';

/**
 * OrderActions: the panels other features add to the staff order page
 * (refunds, invoices), each given the order as the page shows it.
 */
function orderActions(order: AdminOrderDetails) {
  return (
    <>
      {order.invoiceNumber ? <InvoiceLink orderId={order.id} invoiceNumber={order.invoiceNumber} /> : null}
      <RefundPanel order={order} />
    </>
  );
}

/** /admin/orders/:id in the console. */
export function Component() {
  const { id = '' } = useParams();
  return <OrderScreen orderId={id} panels={orderActions} />;
}
