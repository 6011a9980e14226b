import { useState, type ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatPrice, orderTotalsOf } from '@shared/money';
import type { AdminOrderDetails, OrderTimelineEntry } from '@shared/schemas/admin-orders';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/schemas/orders';
import { OrderLines } from '@/components/commerce/order-lines';
import { OrderTotals } from '@/components/commerce/order-totals';
import { ShippingAddress } from '@/components/commerce/shipping-address';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMay } from '@/lib/staff-role';
import { toast } from '@/lib/toast';
import { useAdminOrder, useUpdateOrderStatus } from '../api/admin-orders';
import { StaffOrderStatus } from './order-status';
import { formatDateTime } from '@/lib/format';

/** The button for each step staff may take. */
const ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  processing: 'Start processing',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

/** What each email the order sends is, in words (the outbox names them by template). */
const EMAIL_LABELS: Record<string, string> = {
  'order-receipt': 'Receipt',
  'order-shipped': 'Shipping notice',
  'order-refund': 'Refund notice',
  'order-cancelled': 'Cancellation notice',
  'order-paid-after-cancellation': 'Notice of the refund of a payment after cancellation',
};

const money = (amount: string | null | undefined) => (amount ? formatPrice(amount) : 'an amount');

const PROVIDER_LABELS: Record<string, string> = { stripe: 'Stripe', demo: 'Demo' };

function describe(entry: OrderTimelineEntry): string {
  const data = entry.data as Record<string, string | null | undefined>;
  const label = (status: string | null | undefined) =>
    status && status in ORDER_STATUS_LABELS ? ORDER_STATUS_LABELS[status as OrderStatus] : (status ?? '');
  switch (entry.type) {
    case 'placed':
      return 'Order placed';
    case 'checkout_updated':
      return 'Checkout continued again: lines, prices and shipping updated';
    case 'payment_started':
      return 'A new payment was started (Pay now)';
    case 'paid':
      return `${data.afterCancellation ? 'Payment received after cancellation:' : 'Paid'}${data.amount ? ` ${formatPrice(data.amount)}` : ''}${data.provider ? ` (${PROVIDER_LABELS[data.provider] ?? data.provider})` : ''}`;
    case 'payment_failed':
      return `Payment failed${data.reason ? `: ${data.reason}` : ''}`;
    case 'expired':
      return 'Expired unpaid after 24 hours';
    case 'status_changed': {
      const tracking = [data.carrier, data.trackingNumber].filter(Boolean).join(' ');
      return `${label(data.from)} → ${label(data.to)}${tracking ? ` (${tracking})` : ''}`;
    }
    case 'refund_requested':
      return `Refund of ${money(data.amount)} ${data.reason ? `made automatically: ${data.reason}` : 'requested'}`;
    case 'refunded':
      if (data.secondPayment) return `Second payment of ${money(data.amount)} refunded`;
      return `Refunded ${money(data.amount)}${data.refundedTotal ? ` (in all ${money(data.refundedTotal)})` : ''}`;
    case 'refund_failed':
    case 'refund_canceled':
      return `Refund of ${money(data.amount)} ${entry.type === 'refund_failed' ? 'failed' : 'canceled'}${data.reason ? `: ${data.reason}` : ''}`;
    case 'email_queued':
      return `${(data.template && EMAIL_LABELS[data.template]) ?? 'An email'} emailed to ${data.to ?? 'the client'}`;
    default:
      return entry.type.replace(/_/g, ' ');
  }
}

function Timeline({ entries }: { entries: OrderTimelineEntry[] }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={entry.id} className="border-l-2 border-blue-200 pl-3 text-sm">
          <p className="font-medium text-slate-900">{describe(entry)}</p>
          <p className="text-slate-600">
            {formatDateTime(entry.createdAt)}
            {entry.actor ? ` · ${entry.actor.name}${entry.actor.accountType === 'staff' ? ' (staff)' : ''}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Statuses in which the order has taken the money: cancelling it then needs the refunds permission too. */
const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'processing'];

/**
 * The fulfilment steps this order allows now, of those the staff member's role may take (the server checks again:
 * decision 167); shipping asks for carrier and tracking number (both optional).
 */
function Fulfilment({ order }: { order: AdminOrderDetails }) {
  const mayFulfil = useMay('orders.fulfil');
  const mayRefund = useMay('refunds');
  const steps = mayFulfil
    ? order.nextStatuses.filter(
        (status) => status !== 'cancelled' || mayRefund || !PAID_STATUSES.includes(order.status),
      )
    : [];
  const update = useUpdateOrderStatus(order.id);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const move = (status: OrderStatus) => {
    setRefusal(null);
    update.mutate(
      status === 'shipped'
        ? { status, ...(carrier.trim() ? { carrier } : {}), ...(trackingNumber.trim() ? { trackingNumber } : {}) }
        : { status },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Order Updated',
            description: `${updated.number} is now ${ORDER_STATUS_LABELS[updated.status].toLowerCase()}.`,
          }),
        onError: (error) => {
          const message = errorMessage(error, 'The order could not be updated. Please try again.');
          // 409: someone else moved it first, or the step is not allowed; the page shows the order as it is now.
          setRefusal(error instanceof ApiError && error.status === 409 ? `Not changed: ${message}` : message);
        },
      },
    );
  };

  if (order.nextStatuses.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No further steps: the order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}.
      </p>
    );
  }
  if (steps.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        The order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}; its next steps are not part of your role.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      {steps.includes('shipped') ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Carrier (optional)
            <Input value={carrier} onChange={(event) => setCarrier(event.target.value)} maxLength={60} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Tracking number (optional)
            <Input value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} maxLength={100} />
          </label>
        </div>
      ) : null}
      {confirmingCancel ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
          role="group"
          aria-label="Cancel order"
        >
          <p className="text-sm text-slate-900">
            <span className="font-semibold">Cancel order {order.number}?</span> This cannot be undone.
            {order.paidAt
              ? ' The client is emailed that it is cancelled; the payment is not refunded by this step: refund it under Refunds.'
              : ' The client was never charged for it, so nobody is emailed.'}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="primary"
              disabled={update.isPending}
              onClick={() => {
                setConfirmingCancel(false);
                move('cancelled');
              }}
            >
              Confirm cancellation
            </Button>
            <Button variant="outline" disabled={update.isPending} onClick={() => setConfirmingCancel(false)}>
              Keep the order
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          {steps.map((status) => (
            <Button
              key={status}
              variant={status === 'cancelled' ? 'outline' : 'primary'}
              disabled={update.isPending}
              onClick={() => (status === 'cancelled' ? setConfirmingCancel(true) : move(status))}
            >
              {ACTION_LABELS[status] ?? ORDER_STATUS_LABELS[status]}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * One order for staff: lines, totals, shipping address, customer, payment,
 * fulfilment and the timeline. `panels` is where other features mount their
 * order actions (refunds, invoices): the app passes them in (OrderActions).
 */
export function OrderScreen({
  orderId,
  panels,
}: {
  orderId: string;
  panels?: (order: AdminOrderDetails) => ReactNode;
}) {
  const order = useAdminOrder(orderId);
  if (order.isPending) return <Spinner label="Loading the order" className="py-16" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold text-navy-900">{missing ? 'Order not found' : 'Order'}</h1>
        <FormAlert>
          {missing ? 'There is no order with this id.' : errorMessage(order.error, 'The order could not be loaded.')}
        </FormAlert>
        <Link to="/admin/orders" className="font-semibold text-blue-700 hover:underline">
          Back to orders
        </Link>
      </div>
    );
  }
  const data = order.data;
  const { fulfilment } = data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/admin/orders"
          className="flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Orders
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-navy-900">Order {data.number}</h1>
          <StaffOrderStatus status={data.status} />
        </div>
        <p className="text-sm text-slate-600">Placed {formatDateTime(data.createdAt)}</p>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_380px]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Fulfilment</CardTitle>
              {fulfilment.carrier || fulfilment.trackingNumber ? (
                <p className="text-sm text-slate-700">
                  Shipped with {fulfilment.carrier ?? 'no carrier given'}
                  {fulfilment.trackingNumber ? `, tracking number ${fulfilment.trackingNumber}` : ''}
                </p>
              ) : null}
            </CardHeader>
            <CardContent>
              <Fulfilment order={data} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Lines</CardTitle>
            </CardHeader>
            <CardContent>
              <OrderLines items={data.items} unitPrices />
              <div className="mt-4">
                <OrderTotals totals={orderTotalsOf(data)} />
              </div>
            </CardContent>
          </Card>
          {/* OrderActions: refunds, invoices and other panels other features add (passed in by the app). */}
          {panels ? (
            <section aria-label="Order actions" className="flex flex-col gap-6">
              {panels(data)}
            </section>
          ) : null}
        </div>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Customer</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 text-sm">
              <Link to={`/admin/customers/${data.customer.id}`} className="font-semibold text-blue-700 hover:underline">
                {data.customer.name ?? data.customer.username}
              </Link>
              <span className="text-slate-700">{data.customer.email ?? 'No email address'}</span>
              <span className="text-slate-600">Username: {data.customer.username}</span>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Shipping address</CardTitle>
            </CardHeader>
            <CardContent>
              <ShippingAddress shipping={data.shipping} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Payment</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 text-sm text-slate-700">
              {data.fromQuote ? (
                <>
                  <span>
                    From quote{' '}
                    <Link
                      to={`/admin/quotes/${data.fromQuote.id}`}
                      className="font-mono font-semibold text-blue-700 hover:underline"
                    >
                      {data.fromQuote.number}
                    </Link>
                  </span>
                  <span>Deposit applied: ${data.fromQuote.depositPaid}</span>
                  <span>Balance due: ${data.fromQuote.balanceDue}</span>
                </>
              ) : null}
              {data.payment ? (
                <>
                  <span>Provider: {PROVIDER_LABELS[data.payment.provider] ?? data.payment.provider}</span>
                  <span className="break-all">Payment id: {data.payment.id ?? 'none yet'}</span>
                </>
              ) : null}
              <span>Paid: {data.paidAt ? formatDateTime(data.paidAt) : 'not paid'}</span>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Timeline</CardTitle>
            </CardHeader>
            <CardContent>
              <Timeline entries={data.timeline} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
