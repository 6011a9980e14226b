import { useEffect, useRef } from 'react';
import { CheckCircle2, Clock, PackageCheck, Truck, XCircle } from 'lucide-react';
import { formatPrice, orderTotalsOf } from '@shared/money';
import type { OrderDetails } from '@shared/schemas/orders';
import { REFUND_STATUS_LABELS } from '@shared/schemas/refunds';
import { PendingOrderActions } from './pending-order-actions';
import { OrderLines } from '@/components/commerce/order-lines';
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
  if (order.status === 'shipped' || order.status === 'delivered') {
    const { carrier, trackingNumber, shippedAt, deliveredAt } = order.fulfilment;
    const Icon = order.status === 'shipped' ? Truck : PackageCheck;
    return (
      <div role="status" className="flex gap-3 rounded-lg bg-green-50 p-4 text-green-900">
        <Icon className="h-6 w-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            {order.status === 'shipped' ? 'Shipped' : 'Delivered'}
            {order.status === 'shipped' && shippedAt ? ` on ${formatDate(shippedAt)}` : ''}
            {order.status === 'delivered' && deliveredAt ? ` on ${formatDate(deliveredAt)}` : ''}
          </p>
          {carrier || trackingNumber ? (
            <p className="text-sm">
              {carrier ? `Carrier: ${carrier}. ` : ''}
              {trackingNumber ? `Tracking number: ${trackingNumber}` : ''}
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  if (order.status === 'processing') {
    return (
      <div role="status" className="flex gap-3 rounded-lg bg-green-50 p-4 text-green-900">
        <PackageCheck className="h-6 w-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Being prepared</p>
          <p className="text-sm">We are preparing your order for shipping. We will email you when it ships.</p>
        </div>
      </div>
    );
  }
  if (order.status === 'cancelled') {
    return (
      <div role="status" className="flex gap-3 rounded-lg bg-slate-100 p-4 text-slate-900">
        <XCircle className="h-6 w-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">This order was cancelled</p>
          <p className="text-sm">Questions about it? Contact us and mention order {order.number}.</p>
        </div>
      </div>
    );
  }
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
          <p className="font-semibold">{stillWaiting ? 'Confirming your payment…' : 'Awaiting payment'}</p>
          <p className="text-sm">
            {stillWaiting
              ? 'This usually takes a few seconds.'
              : 'This order has not been paid. Pay for it now, or cancel it if you no longer want it.'}
          </p>
          {stillWaiting ? null : (
            <div className="mt-3">
              <PendingOrderActions order={order} />
            </div>
          )}
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
            : 'Your card was not charged. Try again with another card, or cancel the order.'}
        </p>
        {order.status === 'payment_failed' ? (
          <div className="mt-3">
            <PendingOrderActions order={order} />
          </div>
        ) : null}
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
  // Just back from paying: wait for the provider's confirmation. Opened later (the portal, an email): show it as it is.
  const order = useOrder(orderId, { waitForPayment: cameFromPayment });
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
              <CardTitle>Order {data.number}</CardTitle>
              <OrderStatusBadge status={data.status} />
            </div>
            <p className="text-sm text-slate-600">Placed on {formatDate(data.createdAt)}</p>
          </CardHeader>
          <CardContent>
            <OrderLines items={data.items} />
            <div className="mt-4">
              <OrderTotals totals={orderTotalsOf(data)} />
            </div>
            {data.refunds && data.refunds.length > 0 ? (
              <ul aria-label="Refunds" className="mt-4 flex flex-col gap-1 text-sm text-slate-700">
                {data.refunds.map((refund) => (
                  <li key={refund.id}>
                    Refund of {formatPrice(refund.amount)}: {REFUND_STATUS_LABELS[refund.status].toLowerCase()} (
                    {formatDate(refund.createdAt)})
                  </li>
                ))}
              </ul>
            ) : null}
            {data.invoiceNumber ? (
              <a
                className="mt-4 inline-block text-sm font-medium text-blue-800 underline underline-offset-2"
                href={`/api/orders/${encodeURIComponent(data.id)}/invoice.pdf`}
                download={`invoice-${data.invoiceNumber}.pdf`}
              >
                Download invoice {data.invoiceNumber} (PDF)
              </a>
            ) : null}
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
