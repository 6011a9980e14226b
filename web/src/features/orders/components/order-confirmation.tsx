import { useEffect, useRef } from 'react';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { formatPrice, orderTotalsOf } from '@shared/money';
import { orderNumber, type OrderDetails } from '@shared/schemas/orders';
import { OrderTotals } from '@/components/commerce/order-totals';
import { ShippingAddress } from '@/components/commerce/shipping-address';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useOrder } from '../api/get-order';
import { OrderStatusBadge } from './order-status-badge';

function StatusPanel({
  order,
  stillWaiting,
  receiptEmail,
}: {
  order: OrderDetails;
  stillWaiting: boolean;
  receiptEmail: string | null;
}) {
  if (order.status === 'paid' || order.status === 'completed') {
    return (
      <div role="status" className="flex gap-3 rounded-lg bg-green-50 p-4 text-green-900">
        <CheckCircle2 className="h-6 w-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Payment received</p>
          <p className="text-sm">
            {receiptEmail
              ? `Thank you! We are preparing your order and have emailed your receipt to ${receiptEmail}. Your portal shows its progress.`
              : 'Thank you! We are preparing your order; your portal shows its progress. Add an email address on your Account page to receive receipts by email.'}
          </p>
        </div>
      </div>
    );
  }
  if (order.status === 'pending') {
    return (
      <div role="status" className="flex gap-3 rounded-lg bg-amber-50 p-4 text-amber-950">
        {stillWaiting ? (
          <Spinner label="Waiting for payment confirmation" className="h-6 w-6 shrink-0" />
        ) : (
          <Clock className="h-6 w-6 shrink-0" aria-hidden="true" />
        )}
        <div>
          <p className="font-semibold">{stillWaiting ? 'Confirming your payment…' : 'Payment not confirmed yet'}</p>
          <p className="text-sm">
            {stillWaiting
              ? 'This usually takes a few seconds.'
              : 'Your payment is still being processed. This page and your portal will show it as paid once the payment provider confirms it.'}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="flex gap-3 rounded-lg bg-red-50 p-4 text-red-900">
      <XCircle className="h-6 w-6 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{order.status === 'expired' ? 'This order has expired' : 'Payment failed'}</p>
        <p className="text-sm">
          {order.status === 'expired'
            ? 'It was not paid within 24 hours. Your card was not charged; please place a new order.'
            : 'Your card was not charged. You can go back to checkout and try another payment method.'}
        </p>
      </div>
    </div>
  );
}

/**
 * The shop's return page (spec §7): order number, items, totals, shipping
 * address and status, waiting briefly for the payment to be confirmed.
 * `onPaid` runs once when a payment that brought the buyer here is confirmed.
 */
export function OrderConfirmation({
  orderId,
  cameFromPayment,
  onPaid,
  receiptEmail,
}: {
  orderId: string;
  cameFromPayment: boolean;
  onPaid: () => void;
  /** The buyer's email, where the receipt goes (none without one). */
  receiptEmail: string | null;
}) {
  const order = useOrder(orderId, { waitForPayment: true });
  const notified = useRef(false);
  const status = order.data?.status;
  useEffect(() => {
    if (cameFromPayment && !notified.current && (status === 'paid' || status === 'completed')) {
      notified.current = true;
      onPaid();
    }
  }, [cameFromPayment, status, onPaid]);

  if (order.isPending) return <Spinner label="Loading your order" className="py-24" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <h2 className="text-xl font-semibold text-slate-900">
          {missing ? 'Order not found' : 'Unable to load your order'}
        </h2>
        <p className="text-slate-600">
          {missing ? 'We could not find this order in your account.' : 'Please reload the page in a moment.'}
        </p>
        <ButtonLink to="/portal">Go to Client Portal</ButtonLink>
      </div>
    );
  }
  const data = order.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
      <div className="flex flex-col gap-6">
        <StatusPanel order={data} stillWaiting={order.waiting} receiptEmail={receiptEmail} />
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle>Order #{orderNumber(data.id)}</CardTitle>
              <OrderStatusBadge status={data.status} />
            </div>
            <p className="text-sm text-slate-600">Placed on {formatDate(data.createdAt)}</p>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col divide-y divide-slate-200">
              {data.items.map((item) => (
                <li key={item.productId} className="flex justify-between gap-4 py-3 text-sm first:pt-0">
                  <span className="text-slate-900">
                    {item.name} <span className="text-slate-600">× {item.quantity}</span>
                  </span>
                  <span className="font-semibold text-slate-900">{formatPrice(item.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-4">
              <OrderTotals totals={orderTotalsOf(data)} />
            </div>
          </CardContent>
        </Card>
      </div>
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Shipping Address</CardTitle>
          </CardHeader>
          <CardContent>
            <ShippingAddress shipping={data.shipping} />
          </CardContent>
        </Card>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/portal">Go to Client Portal</ButtonLink>
          {data.status === 'payment_failed' ? (
            <ButtonLink to="/checkout" variant="outline">
              Back to Checkout
            </ButtonLink>
          ) : (
            <ButtonLink to="/shop" variant="outline">
              Continue Shopping
            </ButtonLink>
          )}
        </div>
      </div>
    </div>
  );
}
