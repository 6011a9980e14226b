import { Link } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import { DataCard, DataRows } from '@/components/ui/data-card';
import { formatDate } from '@/lib/format';
import { useOrders } from '../api/get-orders';
import { OrderStatusBadge } from './order-status-badge';

const SHOWN = 5;

/** Spec §2 Portal: the first 5 orders with number, date, total and status; "No orders yet" otherwise. */
export function RecentOrdersCard() {
  return (
    <DataCard
      title="Recent Orders"
      query={useOrders()}
      what="orders"
      isEmpty={(orders) => orders.length === 0}
      empty={{ text: 'No orders yet', to: '/shop', action: 'Browse the Shop' }}
    >
      {(orders) => (
        <DataRows items={orders.slice(0, SHOWN)}>
          {(order) => (
            <>
              <div className="flex flex-col">
                <Link
                  to={`/order-confirmation?order=${order.id}`}
                  className="font-mono text-sm font-semibold text-blue-700 hover:underline"
                >
                  <span className="sr-only">Order </span>
                  {order.number}
                </Link>
                <span className="text-sm text-slate-600">{formatDate(order.createdAt)}</span>
                {order.status === 'shipped' && (order.carrier || order.trackingNumber) ? (
                  <span className="text-sm text-slate-600">
                    Tracking: {[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}
                  </span>
                ) : null}
              </div>
              <div className="flex items-center gap-3">
                <span className="text-sm font-semibold text-slate-900">{formatPrice(order.totalAmount)}</span>
                <OrderStatusBadge status={order.status} />
              </div>
            </>
          )}
        </DataRows>
      )}
    </DataCard>
  );
}
