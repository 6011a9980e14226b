import { OrdersScreen } from '@/features/admin-orders/components/orders-screen';

/** /admin/orders in the console. */
export function Component() {
  return <OrdersScreen />;
}
