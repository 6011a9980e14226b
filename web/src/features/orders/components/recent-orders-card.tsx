import { Link } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import { orderNumber } from '@shared/schemas/orders';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useOrders } from '../api/get-orders';
import { OrderStatusBadge } from './order-status-badge';

const SHOWN = 5;

/** Spec §2 Portal: the first 5 orders with number, date, total and status; "No orders yet" otherwise. */
export function RecentOrdersCard() {
  const orders = useOrders();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Orders</CardTitle>
      </CardHeader>
      <CardContent>
        {orders.isPending ? (
          <Spinner label="Loading orders" className="py-6" />
        ) : orders.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Unable to load your orders. Please reload the page.
          </p>
        ) : orders.data.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-slate-600">No orders yet</p>
            <ButtonLink to="/shop" variant="outline" size="sm">
              Browse the Shop
            </ButtonLink>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {orders.data.slice(0, SHOWN).map((order) => (
              <li key={order.id} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-col">
                  <Link
                    to={`/order-confirmation?order=${order.id}`}
                    className="font-mono text-sm font-semibold text-blue-700 hover:underline"
                  >
                    <span className="sr-only">Order </span>#{orderNumber(order.id)}
                  </Link>
                  <span className="text-sm text-slate-600">{formatDate(order.createdAt)}</span>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm font-semibold text-slate-900">{formatPrice(order.totalAmount)}</span>
                  <OrderStatusBadge status={order.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
